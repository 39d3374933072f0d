import type { FastifyInstance } from "fastify";
import { badRequest } from "../lib/app-error.ts";

/**
 * JSON bodies are decoded as strict UTF-8. Fastify's own parser decodes leniently, turning bytes that are not
 * UTF-8 into U+FFFD without a word, so the stored text would differ from what the client meant to send: such a
 * body is refused with a 400 instead. Parsing itself stays Fastify's (prototype-poisoning checks included).
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(
        badRequest(
          "invalid_encoding",
          "送信されたデータの文字コードが正しくありません。UTF-8で送信してください。",
          "Request body is not valid UTF-8",
        ),
        undefined,
      );
      return;
    }
    parseJson(request, text, done);
  });
}
