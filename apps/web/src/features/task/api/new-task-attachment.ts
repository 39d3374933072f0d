import { newTaskAttachmentContract } from "@tasuki/contract/task/new-task-attachment.contract";
import type { TaskAttachment } from "@tasuki/contract/task/task-attachment.schema";
import { renewSession } from "../../../lib/api-client.ts";
import { ApiRequestError } from "../../../lib/api-error.ts";
import { getTokens } from "../../../lib/token-store.ts";

function errorFrom(status: number, text: string): ApiRequestError {
  let record: Record<string, unknown> = {};
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === "object" && body !== null) record = body as Record<string, unknown>;
  } catch {
    // not JSON: keep the status
  }
  const field = (value: unknown) => (typeof value === "string" ? value : "");
  return new ApiRequestError({
    status,
    message: field(record.message),
    dev_message: field(record.dev_message) || `HTTP ${status}`,
    code: field(record.code) || (status === 0 ? "network_error" : `http_${status}`),
  });
}

/** One try of the upload through XMLHttpRequest: fetch cannot report upload progress. */
function send(taskId: string, file: File, onProgress: (ratio: number) => void, signal: AbortSignal) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(newTaskAttachmentContract.method, newTaskAttachmentContract.path);
    const token = getTokens()?.access_token;
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => resolve({ status: request.status, text: request.responseText });
    request.onerror = () => resolve({ status: 0, text: "" });
    request.onabort = () => reject(new DOMException("aborted", "AbortError"));
    signal.addEventListener("abort", () => request.abort(), { once: true });
    const form = new FormData();
    // The task first: the server settles who may attach before it reads a byte of the file.
    form.append("task_id", taskId);
    form.append("file", file, file.name);
    request.send(form);
  });
}

/**
 * Uploads one file with its progress (0…1). Like `callApi`, a 401 renews the session once and sends again;
 * failures are thrown as ApiRequestError with the server's Japanese message.
 */
export async function uploadTaskAttachment(
  taskId: string,
  file: File,
  onProgress: (ratio: number) => void,
  signal: AbortSignal,
): Promise<TaskAttachment> {
  const sentToken = getTokens()?.access_token;
  let answer = await send(taskId, file, onProgress, signal);
  if (answer.status === 401 && sentToken) {
    const renewed = getTokens()?.access_token !== sentToken || (await renewSession());
    if (renewed && getTokens()) answer = await send(taskId, file, onProgress, signal);
  }
  if (answer.status !== 201) throw errorFrom(answer.status, answer.text);
  return JSON.parse(answer.text) as TaskAttachment;
}
