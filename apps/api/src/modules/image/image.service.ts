import type { imageSchema } from "@tasuki/contract/image/image.contracts";
import { v7 as uuidv7 } from "uuid";
import type { z } from "zod";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { requireMember } from "../../http/workspace-scope.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import type { ObjectStorage } from "../../storage/object-storage.ts";
import { findImage, findImageWorkspaceId, type ImageRow, insertImage } from "./image.repository.ts";
import { type ImageContentType, processImage } from "./image-processing.ts";
import { imageUrl } from "./image-url.ts";

type Image = z.infer<typeof imageSchema>;

/** Whether the id names an image uploaded to this workspace (an avatar must be one; another company's is not). */
export async function isWorkspaceImage(db: DbOrTx, workspaceId: string, imageId: string): Promise<boolean> {
  return (await findImage(db, workspaceId, imageId)) !== null;
}

export function presentImage(row: ImageRow): Image {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    url: imageUrl(row.id)!,
    content_type: row.contentType as ImageContentType,
    width: row.width,
    height: row.height,
    size: row.size,
    created_at: row.createdAt.toISOString(),
  };
}

/** The membership gate, apart from the upload so that nothing is read from a stranger's request body. */
export async function requireUploader(ctx: AppContext, auth: RequestAuth, workspaceId: string) {
  return requireMember(ctx.db, auth, workspaceId);
}

export async function storeImage(
  ctx: AppContext,
  storage: ObjectStorage,
  uploader: { workspaceId: string; id: string },
  upload: Buffer,
): Promise<Image> {
  const image = await processImage(upload);
  const id = uuidv7();
  const storageKey = `${uploader.workspaceId}/${id}`;
  // Bytes first, row second: a row never points at nothing; a failed insert takes its file back.
  await storage.put(storageKey, image.data);
  try {
    const row = await insertImage(ctx.db, {
      id,
      workspaceId: uploader.workspaceId,
      uploadedBy: uploader.id,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      size: image.data.length,
      storageKey,
    });
    return presentImage(row);
  } catch (error) {
    await storage.delete(storageKey).catch(() => {});
    throw error;
  }
}

/** The bytes of an image, for active members of its workspace only; any other caller learns nothing. */
export async function readImage(
  ctx: AppContext,
  storage: ObjectStorage,
  auth: RequestAuth,
  imageId: string,
): Promise<{ data: Buffer; contentType: string }> {
  const workspaceId = await findImageWorkspaceId(ctx.db, imageId);
  if (!workspaceId) throw notFound("image");
  // A stranger's 404 reads exactly as an unknown id's.
  await requireMember(ctx.db, auth, workspaceId).catch((error: unknown) => {
    throw error instanceof AppError && error.status === 404 ? notFound("image") : error;
  });
  const row = await findImage(ctx.db, workspaceId, imageId);
  const data = row ? await storage.get(row.storageKey) : null;
  if (!row || !data) throw notFound("image");
  return { data, contentType: row.contentType };
}
