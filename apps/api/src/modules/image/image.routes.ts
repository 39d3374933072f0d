import multipart, { type Multipart } from "@fastify/multipart";
import { idSchema } from "@tasuki/contract/common/common.schema";
import { getImageContract, newImageContract } from "@tasuki/contract/image/image.contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import { route } from "../../http/route.ts";
import { AppError, badRequest } from "../../lib/app-error.ts";
import { scopedStorage } from "../../storage/object-storage.ts";
import { readImage, requireUploader, storeImage } from "./image.service.ts";
import { maxImageBytes } from "./image-processing.ts";

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
  // DATA_DIR/images/<workspace_id>/<image_id> on the local disk, as before the store was shared.
  const storage = scopedStorage(ctx.storage, "images");

  // Multipart parsing is registered in this plugin only: every other route still refuses form uploads (415).
  void app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: maxImageBytes, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 100 },
    });

    // Who is asking is settled by route() before a byte of the upload is read.
    route(scope, ctx, newImageContract, async ({ auth, request }) => {
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
        return await storeImage(ctx, storage, { workspaceId, id: member.id }, upload);
      } catch (error) {
        // Let the rest of a refused upload flow past instead of holding the connection.
        for (const part of [first, second]) if (part?.type === "file") part.file.resume();
        // The parser's own limit error says the same as ours, in the same words.
        throw (error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE" ? tooLarge() : error;
      }
    });
  });

  route(app, ctx, getImageContract, async ({ auth, params, reply }) => {
    const image = await readImage(ctx, storage, auth, params.id);
    // The documented body is a file; Fastify sends a Buffer as it is, without the JSON serializer.
    return (
      reply
        .status(200)
        .header("content-type", image.contentType)
        // Private: only members may see it, so no shared cache may keep it. An image never changes under its id.
        .header("cache-control", "private, max-age=86400")
        .header("x-content-type-options", "nosniff")
        .send(image.data)
    );
  });
}
