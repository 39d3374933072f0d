import multipart, { type Multipart } from "@fastify/multipart";
import { errorSchema, idParamsSchema, idSchema } from "@tasuki/contract/common/common.schema";
import { newImageContract } from "@tasuki/contract/image/image.contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import { AppError, badRequest, unauthorized } from "../../lib/app-error.ts";
import { createImageStorage } from "../../storage/image-storage.ts";
import { authenticate } from "../auth/authenticate.ts";
import { readImage, requireUploader, storeImage } from "./image.service.ts";
import { maxImageBytes } from "./image-processing.ts";

const errorResponses = Object.fromEntries([400, 401, 403, 404, 413, 415, 429, 500].map((code) => [code, errorSchema]));

/** OpenAPI only: the handler reads the parts itself, so this is never used to validate. */
const uploadBodySchema = z
  .object({
    workspace_id: idSchema.describe("The workspace the image belongs to. Send it before `file`."),
    file: z
      .file()
      .mime(["image/png", "image/jpeg", "image/webp"])
      .describe("The image, 5 MB at most. Its type is read from its content; name and content-type are ignored."),
  })
  .describe(
    "multipart/form-data with two parts in this order: `workspace_id`, then `file`. Metadata (EXIF, GPS…) is stripped by re-encoding.",
  );

const imageBytes = z.file().describe("The image's bytes");

function workspaceIdField(part: Multipart | undefined): string {
  const value = part?.type === "field" && part.fieldname === "workspace_id" ? part.value : undefined;
  const parsed = idSchema.safeParse(value);
  if (!parsed.success) {
    throw badRequest(
      "validation_error",
      "入力内容を確認してください（workspace_id: ワークスペースを指定してください）",
      "Invalid body: workspace_id (a field, sent before the file part)",
    );
  }
  return parsed.data;
}

const tooLarge = () =>
  new AppError(
    "payload_too_large",
    413,
    "画像のファイルサイズが大きすぎます。5MB以下の画像を選択してください。",
    `the file is larger than ${maxImageBytes} bytes`,
  );

export function registerImageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const storage = createImageStorage(ctx.config);

  // Multipart parsing is registered in this plugin only: every other route still refuses form uploads (415).
  void app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: maxImageBytes, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 100 },
    });

    scope.withTypeProvider<ZodTypeProvider>().route({
      method: "POST",
      url: newImageContract.path,
      schema: {
        summary: newImageContract.summary,
        tags: [...newImageContract.tags],
        security: [{ bearerAuth: [] }],
        consumes: ["multipart/form-data"],
        body: uploadBodySchema,
        response: { ...errorResponses, [newImageContract.status]: newImageContract.response },
      },
      // The body is a stream the handler reads part by part; the schema above documents it for OpenAPI.
      validatorCompiler: () => (value) => ({ value }),
      handler: async (request, reply) => {
        // Who is asking comes first: an anonymous upload is refused before a byte of it is read.
        const auth = await authenticate(ctx, request, true);
        if (!auth) throw unauthorized();
        if (!request.isMultipart()) {
          throw new AppError(
            "unsupported_media_type",
            415,
            "送信されたデータの形式に対応していません。",
            "send multipart/form-data with workspace_id and file",
          );
        }
        // Parts are taken in order, so that membership is settled before a byte of the file is read.
        const parts = request.parts();
        const first = (await parts.next()).value as Multipart | undefined;
        let second: Multipart | undefined;
        try {
          const workspaceId = workspaceIdField(first);
          const member = await requireUploader(ctx, auth, workspaceId);
          second = (await parts.next()).value as Multipart | undefined;
          if (second?.type !== "file" || second.fieldname !== "file") {
            throw badRequest("image_file_required", "画像ファイルを選択してください。", "the file part is missing");
          }
          const upload = await second.toBuffer();
          // Over a socket the stream can end at the limit without toBuffer noticing: the cut file must not pass.
          if (second.file.truncated) throw tooLarge();
          const image = await storeImage(ctx, storage, { workspaceId, id: member.id }, upload);
          return reply.status(201).send(image);
        } catch (error) {
          // Let the rest of a refused upload flow past instead of holding the connection.
          for (const part of [first, second]) if (part?.type === "file") part.file.resume();
          // The parser's own limit error says the same as ours, in the same words.
          throw (error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE" ? tooLarge() : error;
        }
      },
    });
  });

  app.withTypeProvider<ZodTypeProvider>().route({
    method: "GET",
    url: "/app/image/:id",
    schema: {
      summary:
        "The bytes of an uploaded image, for active members of its workspace (fetch it with the bearer token; the web app shows it through a blob URL)",
      tags: ["image"],
      security: [{ bearerAuth: [] }],
      params: idParamsSchema,
      response: {
        ...errorResponses,
        200: {
          description: "The image",
          content: {
            "image/png": { schema: imageBytes },
            "image/jpeg": { schema: imageBytes },
            "image/webp": { schema: imageBytes },
          },
        },
      },
    },
    handler: async (request, reply) => {
      const auth = await authenticate(ctx, request, true);
      if (!auth) throw unauthorized();
      const image = await readImage(ctx, storage, auth, request.params.id);
      // The documented body is a file; Fastify sends a Buffer as it is, without the JSON serializer.
      return (
        (reply as FastifyReply)
          .status(200)
          .header("content-type", image.contentType)
          // Private: only members may see it, so no shared cache may keep it. An image never changes under its id.
          .header("cache-control", "private, max-age=86400")
          .header("x-content-type-options", "nosniff")
          .send(image.data)
      );
    },
  });
}
