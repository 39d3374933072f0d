import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { notFoundBody } from "./error-handler.ts";

export function defaultWebDistDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/plugins → ../../../web/dist; dist/server.js → ../../web/dist
  for (const candidate of [path.resolve(here, "../../../web/dist"), path.resolve(here, "../../web/dist")]) {
    if (existsSync(path.join(candidate, "index.html"))) return candidate;
  }
  return path.resolve(here, "../../../web/dist");
}

/**
 * Serves the built web app on the API's port. Any GET outside /app that is not a file answers the
 * app's index.html (the router decides); API paths and other methods answer the JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  const root = distDir ?? defaultWebDistDir();
  const hasWeb = existsSync(path.join(root, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      // Files are looked up per request, so a rebuilt web app is served without a restart; a path that is
      // no file falls through to the not-found handler below.
      wildcard: true,
      index: false,
      // The web build writes .br and .gz beside its assets (apps/web/vite.config.ts): sent with Content-Encoding
      // and `Vary: Accept-Encoding` to browsers that accept them, the file itself to the others.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite names assets by content hash: they never change, so browsers may keep them for a year.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header("cache-control", "public, max-age=31536000, immutable");
        }
      },
    });
  }
  if (hasWeb) {
    // The root is a directory to the static handler (which refuses listings): it is the app's start page.
    app.get("/", { schema: { hide: true } }, (_request, reply) =>
      reply.header("cache-control", "no-cache").sendFile("index.html", { cacheControl: false }),
    );
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith("/app/") || request.url.startsWith("/dev/");
    if (hasWeb && request.method === "GET" && !isApi && !path.extname(request.url.split("?")[0] ?? "")) {
      return reply.header("cache-control", "no-cache").sendFile("index.html", { cacheControl: false });
    }
    return reply.status(404).send(notFoundBody(request.method, request.url));
  });
}
