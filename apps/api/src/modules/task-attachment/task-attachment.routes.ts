import multipart, { type Multipart } from "@fastify/multipart";
import { idSchema } from "@tasuki/contract/common/common.schema";
import { deleteTaskAttachmentContract } from "@tasuki/contract/task/delete-task-attachment.contract";
import { getTaskAttachmentFileContract } from "@tasuki/contract/task/get-task-attachment-file.contract";
import { getTaskAttachmentPreviewContract } from "@tasuki/contract/task/get-task-attachment-preview.contract";
import { listTaskAttachmentsContract } from "@tasuki/contract/task/list-task-attachments.contract";
import { newTaskAttachmentContract } from "@tasuki/contract/task/new-task-attachment.contract";
import { defaultAttachmentMaxBytes } from "@tasuki/contract/task/task-attachment.schema";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import { route } from "../../http/route.ts";
import { AppError, badRequest } from "../../lib/app-error.ts";
import { contentDisposition } from "./attachment-file-name.ts";
import { servedContentType } from "./attachment-type.ts";
import {
  deleteAttachment,
  listAttachments,
  openTaskForAttachments,
  readAttachment,
  storeAttachment,
} from "./task-attachment.service.ts";

function taskIdField(part: Multipart | undefined): string {
  const value = part?.type === "field" && part.fieldname === "task_id" ? part.value : undefined;
  const parsed = idSchema.safeParse(value);
  if (!parsed.success) {
    throw badRequest(
      "validation_error",
      "入力内容を確認してください（task_id: タスクを指定してください）",
      "Invalid body: task_id (a field, sent before the file part)",
    );
  }
  return parsed.data;
}

/** 20971520 → "20MB", 1536 → "1.5KB": the limit in the words of the refusal. */
function readableSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)}MB`;
  const kb = bytes / 1024;
  return `${Number.isInteger(kb) ? kb : kb.toFixed(1)}KB`;
}

export function registerTaskAttachmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const maxBytes = ctx.config.attachmentMaxBytes ?? defaultAttachmentMaxBytes;
  const tooLarge = () =>
    new AppError(
      "payload_too_large",
      413,
      `ファイルサイズが大きすぎます。${readableSize(maxBytes)}以下のファイルを選択してください。`,
      `the file is larger than ${maxBytes} bytes`,
    );

  // Multipart parsing is registered in this plugin only: every other route still refuses form uploads (415).
  void app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: maxBytes, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 100 },
    });

    // Who is asking is settled by route() before a byte of the upload is read.
    route(scope, ctx, newTaskAttachmentContract, async ({ auth, request }) => {
      if (!request.isMultipart()) {
        throw new AppError(
          "unsupported_media_type",
          415,
          "送信されたデータの形式に対応していません。",
          "send multipart/form-data with task_id and file",
        );
      }
      // Parts are taken in order: the task and the caller's right to it are settled before the file is read.
      const parts = request.parts();
      const first = (await parts.next()).value as Multipart | undefined;
      let second: Multipart | undefined;
      try {
        const opened = await openTaskForAttachments(ctx, auth, taskIdField(first));
        second = (await parts.next()).value as Multipart | undefined;
        if (second?.type !== "file" || second.fieldname !== "file") {
          throw badRequest("attachment_file_required", "ファイルを選択してください。", "the file part is missing");
        }
        const data = await second.toBuffer();
        // Over a socket the stream can end at the limit without toBuffer noticing: the cut file must not pass.
        if (second.file.truncated) throw tooLarge();
        if (data.length === 0) {
          throw badRequest("attachment_empty", "空のファイルは添付できません。", "the file has no bytes");
        }
        return await storeAttachment(ctx, opened, { fileName: second.filename, data });
      } catch (error) {
        // Let the rest of a refused upload flow past instead of holding the connection.
        for (const part of [first, second]) if (part?.type === "file") part.file.resume();
        throw (error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE" ? tooLarge() : error;
      }
    });
  });

  route(app, ctx, listTaskAttachmentsContract, ({ auth, query }) => listAttachments(ctx, auth, query.task_id));

  route(app, ctx, getTaskAttachmentFileContract, async ({ auth, params, reply }) => {
    const { row, data } = await readAttachment(ctx, auth, params.id, "file");
    const served = servedContentType(row.contentType);
    return (
      reply
        .status(200)
        .header("content-type", served.type)
        .header("content-disposition", contentDisposition(served.inline ? "inline" : "attachment", row.fileName))
        // Private: only those who see the task may have it. The bytes never change under an id.
        .header("cache-control", "private, max-age=86400")
        .header("x-content-type-options", "nosniff")
        // Opened directly, an upload may run nothing and load nothing.
        .header("content-security-policy", "default-src 'none'; sandbox")
        .send(data)
    );
  });

  route(app, ctx, getTaskAttachmentPreviewContract, async ({ auth, params, reply }) => {
    const { data } = await readAttachment(ctx, auth, params.id, "preview");
    return reply
      .status(200)
      .header("content-type", "image/webp")
      .header("cache-control", "private, max-age=86400")
      .header("x-content-type-options", "nosniff")
      .send(data);
  });

  route(app, ctx, deleteTaskAttachmentContract, ({ auth, params }) => deleteAttachment(ctx, auth, params.id));
}
