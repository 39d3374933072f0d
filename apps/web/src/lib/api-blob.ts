import { renewSession } from "./api-client.ts";
import { ApiRequestError } from "./api-error.ts";
import { getTokens } from "./token-store.ts";

/** A file the API answered: its bytes and the name the server suggested (Content-Disposition). */
export interface ApiFile {
  blob: Blob;
  fileName: string | null;
}

function toQueryString(query: Record<string, string | undefined> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.append(key, value);
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** `filename*=UTF-8''…` (RFC 5987) wins over the plain `filename="…"`, which is ASCII only. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  return plain?.[1] ?? plain?.[2]?.trim() ?? null;
}

async function errorOf(response: Response): Promise<ApiRequestError> {
  let record: Record<string, unknown> = {};
  try {
    const body: unknown = await response.json();
    if (typeof body === "object" && body !== null) record = body as Record<string, unknown>;
  } catch {
    // not JSON: keep the status
  }
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return new ApiRequestError({
    status: response.status,
    message: text(record.message),
    dev_message: text(record.dev_message) || `HTTP ${response.status}`,
    code: text(record.code) || `http_${response.status}`,
  });
}

async function send(url: string, signal: AbortSignal | undefined): Promise<Response> {
  const token = getTokens()?.access_token;
  try {
    return await fetch(url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal,
      credentials: "same-origin",
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiRequestError({
      status: 0,
      message: "",
      dev_message: error instanceof Error ? error.message : String(error),
      code: "network_error",
    });
  }
}

/**
 * GETs a file the API serves only with the bearer token (images, CSV exports), which an `<img src>` or
 * a plain link cannot send. Like `callApi`, a 401 renews the session once and retries; failures are
 * thrown as ApiRequestError with the server's message.
 */
export async function fetchApiFile(
  path: string,
  options: { query?: Record<string, string | undefined>; signal?: AbortSignal } = {},
): Promise<ApiFile> {
  const url = path + toQueryString(options.query);
  const sentToken = getTokens()?.access_token;
  let response = await send(url, options.signal);
  if (response.status === 401 && sentToken) {
    const renewed = getTokens()?.access_token !== sentToken || (await renewSession());
    if (renewed && getTokens()) response = await send(url, options.signal);
  }
  if (!response.ok) throw await errorOf(response);
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get("content-disposition")),
  };
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = "noopener";
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
