import { renewTokenContract } from "@tasuki/contract/auth/renew-token.contract";
import {
  buildPath,
  type ContractBody,
  type ContractParams,
  type ContractQuery,
  type ContractResponse,
  type ContractShape,
} from "@tasuki/contract/common/define-contract";
import type { z } from "zod";
import { ApiRequestError } from "./api-error.ts";
import { adoptTokens, clearTokens, getTokens, readStoredTokens, saveTokens } from "./token-store.ts";

// What callApi throws, for the callers (and tests) that catch it beside the call.
export { ApiRequestError } from "./api-error.ts";

type ParamsPart<C extends ContractShape> = C["params"] extends z.ZodType
  ? { params: ContractParams<C> }
  : { params?: undefined };
type QueryPart<C extends ContractShape> = C["query"] extends z.ZodType
  ? { query: ContractQuery<C> }
  : { query?: undefined };
type BodyPart<C extends ContractShape> = C["body"] extends z.ZodType ? { body: ContractBody<C> } : { body?: undefined };

export type ApiRequest<C extends ContractShape> = ParamsPart<C> & QueryPart<C> & BodyPart<C> & { signal?: AbortSignal };

// Calls without params, query or body may leave the request out entirely.
type RequestArgs<C extends ContractShape> = object extends ParamsPart<C> & QueryPart<C> & BodyPart<C>
  ? [request?: ApiRequest<C>]
  : [request: ApiRequest<C>];

type ExpiredListener = () => void;
const expiredListeners = new Set<ExpiredListener>();

/** Told when the session can no longer be renewed (tokens are already cleared by then). */
export function onSessionExpired(listener: ExpiredListener): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

async function expireSession(): Promise<void> {
  await clearTokens();
  for (const listener of expiredListeners) listener();
}

function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

export const NETWORK_ERROR_MESSAGE =
  "サーバーに接続できませんでした。インターネット接続を確認して、もう一度お試しください。";

async function toApiRequestError(response: Response): Promise<ApiRequestError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const record = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return new ApiRequestError({
    status: response.status,
    message: text(record.message),
    dev_message:
      text(record.dev_message) || `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`,
    code: text(record.code) || `http_${response.status}`,
  });
}

async function send(
  contract: ContractShape,
  request: { params?: unknown; query?: unknown; body?: unknown; signal?: AbortSignal },
  accessToken: string | undefined,
): Promise<Response> {
  const url =
    buildPath(contract.path, request.params as Record<string, string> | undefined) +
    toQueryString(request.query as Record<string, unknown> | undefined);
  const headers: Record<string, string> = { Accept: "application/json" };
  if (request.body !== undefined) headers["Content-Type"] = "application/json";
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  try {
    return await fetch(url, {
      method: contract.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      credentials: "same-origin",
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiRequestError({
      status: 0,
      // The browser's own words (「Failed to fetch」) are English: say in Japanese what happened and what to do.
      message: NETWORK_ERROR_MESSAGE,
      dev_message: error instanceof Error ? error.message : String(error),
      code: "network_error",
    });
  }
}

/** How often a call refused as overloaded is tried again, and the longest wait before one more try. */
const OVERLOAD_RETRIES = 3;
const OVERLOAD_MAX_WAIT_MS = 10_000;

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException("Aborted", "AbortError"));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DOMException("Aborted", "AbortError"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * `send`, tried again after the server's `Retry-After` when it refused the call as overloaded (503 with the
 * header: a morning rush past its bound on work in flight). The server answers that before doing anything, or
 * after rolling back, so a write is as safe to send again as a read. The waits are spread a little so that the
 * refused clients do not all come back in the same instant.
 */
async function sendThroughOverload(
  contract: ContractShape,
  request: { params?: unknown; query?: unknown; body?: unknown; signal?: AbortSignal },
  accessToken: string | undefined,
): Promise<Response> {
  let response = await send(contract, request, accessToken);
  for (let attempt = 0; attempt < OVERLOAD_RETRIES; attempt++) {
    const retryAfter = Number(response.headers.get("retry-after"));
    if (response.status !== 503 || !Number.isFinite(retryAfter) || retryAfter <= 0) break;
    const waitMs = Math.min(retryAfter * 1000, OVERLOAD_MAX_WAIT_MS) * (1 + Math.random() / 2);
    await wait(waitMs, request.signal);
    response = await send(contract, request, accessToken);
  }
  return response;
}

let renewal: Promise<boolean> | null = null;

async function withRenewalLock<T>(task: () => Promise<T>): Promise<T> {
  // Tabs share the refresh token; renewing in two tabs at once would present a spent token and
  // revoke the session, so renewals are serialised across tabs where the browser allows it.
  const locks = typeof navigator === "object" ? navigator.locks : undefined;
  if (!locks) return task();
  return locks.request("tasuki-token-renewal", task) as Promise<T>;
}

async function runRenewal(staleAccessToken: string | undefined): Promise<boolean> {
  return withRenewalLock(async () => {
    const stored = await readStoredTokens();
    if (stored?.access_token && staleAccessToken !== undefined && stored.access_token !== staleAccessToken) {
      // Another tab renewed while we waited: use its tokens instead of spending the refresh token again.
      adoptTokens(stored);
      return true;
    }
    const refreshToken = stored?.refresh_token || getTokens()?.refresh_token;
    if (!refreshToken) {
      await expireSession();
      return false;
    }
    try {
      const tokens = await callApi(renewTokenContract, { body: { refresh_token: refreshToken } });
      await saveTokens(tokens);
      return true;
    } catch (error) {
      // Without an answer (offline, server restarting) the session may still be good: keep it.
      if (error instanceof ApiRequestError && error.status > 0 && error.status < 500) await expireSession();
      return false;
    }
  });
}

/**
 * Exchanges the stored refresh token for a new token set, once for all callers waiting at the
 * same time. Answers false when the session could not be renewed; when the server refused the
 * refresh token (or there is none) the session is cleared and the expiry listeners are told.
 */
export function renewSession(): Promise<boolean> {
  const stale = getTokens()?.access_token;
  renewal ??= runRenewal(stale).finally(() => {
    renewal = null;
  });
  return renewal;
}

/**
 * Calls one API endpoint as its contract describes it. JSON in and out; the access token rides
 * along on calls that accept one. A 401 on a call that carried a token renews the session once and
 * retries; if the renewal fails the session is cleared. Errors are thrown as ApiRequestError.
 */
export async function callApi<C extends ContractShape>(
  contract: C,
  ...[request]: RequestArgs<C>
): Promise<ContractResponse<C>> {
  const parts = (request ?? {}) as { params?: unknown; query?: unknown; body?: unknown; signal?: AbortSignal };
  const tokenFor = () => (contract.auth === "none" ? undefined : getTokens()?.access_token || undefined);

  const sentToken = tokenFor();
  let response = await sendThroughOverload(contract, parts, sentToken);

  if (response.status === 401 && sentToken) {
    // A concurrent call may already have renewed; only renew when the token we sent is still current.
    const renewed = tokenFor() !== sentToken || (await renewSession());
    const retryToken = tokenFor();
    if (renewed && retryToken) {
      response = await send(contract, parts, retryToken);
      if (response.status === 401 && contract.auth === "bearer") {
        // A brand-new token refused: the account or session is gone, not merely expired.
        const error = await toApiRequestError(response);
        error.sessionEnded = true;
        await expireSession();
        throw error;
      }
    } else if (!getTokens()) {
      const error = await toApiRequestError(response);
      error.sessionEnded = true;
      throw error;
    }
  }

  if (!response.ok) throw await toApiRequestError(response);
  if (response.status === 204) return undefined as ContractResponse<C>;

  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ApiRequestError({
      status: response.status,
      message: "",
      dev_message: `Expected JSON from ${contract.method} ${contract.path}`,
      code: "invalid_response",
    });
  }
  const parsed = contract.response.safeParse(json);
  if (parsed.success) return parsed.data as ContractResponse<C>;
  // Show contract drift to developers, but do not break the screen over an extra or renamed field.
  console.warn(`Response of ${contract.method} ${contract.path} does not match its contract`, parsed.error.issues);
  return json as ContractResponse<C>;
}
