import type { TaskAttachment } from "@tasuki/contract/task/task-attachment.schema";
import { fetchApiFile, saveBlob } from "../../../lib/api-blob.ts";

/** Saves the file under its own name (the API serves it only with the bearer token, so no plain link). */
export async function downloadTaskAttachment(attachment: TaskAttachment): Promise<void> {
  const file = await fetchApiFile(attachment.url);
  saveBlob(file.blob, attachment.file_name);
}
