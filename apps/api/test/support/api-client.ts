import type { ApiError } from "@tasuki/contract/common/common.schema";
import {
  buildPath,
  type ContractBody,
  type ContractParams,
  type ContractQuery,
  type ContractResponse,
  type ContractShape,
  type HttpMethod,
} from "@tasuki/contract/common/define-contract";
import type { FastifyInstance, InjectOptions } from "fastify";
import type { z } from "zod";

/**
 * The one client of the API tests and the journeys' set-up: every call names its endpoint's contract, so its
 * path, params, query and body are those the API registers, typed as the contract types them. It runs over
 * Fastify's `inject` (an app built in the test) or over HTTP (a listening server: the journeys' product, a
 * second instance). What a contract forbids on purpose (a missing token, a malformed body, text PostgreSQL
 * cannot store) goes through `raw` / `callRaw` instead, so each such request says that it is deliberate.
 */

/** Where calls go: an app to inject into, or the base URL of a listening server (`http://localhost:3000`). */
export type Target = FastifyInstance | string;

type ParamsPart<C extends ContractShape> = C["params"] extends z.ZodType
  ? { params: ContractParams<C> }
  : { params?: undefined };
// A query whose fields are all optional may be left out: no query string is the same as an empty one.
type QueryPart<C extends ContractShape> = C["query"] extends z.ZodType
  ? object extends ContractQuery<C>
    ? { query?: ContractQuery<C> }
    : { query: ContractQuery<C> }
  : { query?: undefined };
// A body the contract lets be absent (a POST without one means the defaults) may be left out.
type BodyPart<C extends ContractShape> = C["body"] extends z.ZodType
  ? undefined extends ContractBody<C>
    ? { body?: ContractBody<C> }
    : { body: ContractBody<C> }
  : { body?: undefined };

/** A call's params, query and body, as the contract types them (what it does not have is left out). */
export type CallRequest<C extends ContractShape> = ParamsPart<C> & QueryPart<C> & BodyPart<C>;

export interface CallOptions {
  /** The caller's access token, sent as `Authorization: Bearer …`. */
  token?: string | undefined;
  headers?: Record<string, string>;
  /** Over `inject` only: the caller's address (by default a loopback address of its own for each call). */
  remoteAddress?: string;
}

/**
 * A bearer call names its token: a forgotten one is a type error, not a 401 to puzzle over. A test that calls
 * without one on purpose says so (`{ token: undefined }` in a table of callers, `raw` for a single call).
 */
type OptionsOf<C extends ContractShape> = C["auth"] extends "bearer"
  ? CallOptions & { token: string | undefined }
  : CallOptions;

// Calls without params, query or body may leave the request out (or pass `{}` before the options).
type CallArgs<C extends ContractShape> = C["auth"] extends "bearer"
  ? [request: CallRequest<C>, options: OptionsOf<C>]
  : object extends CallRequest<C>
    ? [request?: CallRequest<C>, options?: OptionsOf<C>]
    : [request: CallRequest<C>, options?: OptionsOf<C>];

/**
 * The answer's body: the contract's response when the status is the contract's success status, the API's
 * error body (`{message, dev_message, code}`) on a refusal; a test reads the one its status says it is.
 */
export type AnswerBody<C extends ContractShape> = Payload<C> & Partial<ApiError>;

// A file the contract `produces` arrives as text (its bytes are in `raw`), unless it is JSON.
type Payload<C extends ContractShape> = ContractResponse<C> extends Blob ? string : ContractResponse<C>;

export interface Answer<C extends ContractShape> {
  status: number;
  body: AnswerBody<C>;
  headers: Record<string, string | string[] | number | undefined>;
  /** The answer's bytes as they came (a file the contract `produces`). */
  raw: Buffer;
}

/** A request written by hand: method, URL (path and query string), and a payload (an object is sent as JSON). */
export interface RawRequest {
  method: HttpMethod;
  url: string;
  /** An object is sent as JSON; a string as JSON text (unless `headers` name another content-type); a Buffer as it is. */
  payload?: object | string | Buffer;
  token?: string | undefined;
  headers?: Record<string, string>;
  /** Over `inject` only. */
  remoteAddress?: string;
}

/** An answer to a request written by hand: JSON is parsed, other text kept as it came. */
export interface RawAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: a hand-written request has no contract to type its answer; tests read what they sent it for
  body: any;
  headers: Record<string, string | string[] | number | undefined>;
  raw: Buffer;
}

/** A loopback address of its own for each call, so per-address limits do not couple unrelated tests. */
const randomLoopback = () =>
  `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

function bearer(token: string | undefined): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

/**
 * `app.inject` with JSON in and out, for a request the contracts would not type (invalid input, no token, a
 * raw or multipart body) or a path no contract has. Each call comes from a loopback address of its own.
 */
export async function callRaw(app: FastifyInstance, options: InjectOptions & { token?: string | undefined }) {
  const { token, ...rest } = options;
  const response = await app.inject({
    remoteAddress: randomLoopback(),
    ...rest,
    headers: { ...(rest.headers ?? {}), ...bearer(token) },
  });
  const isJson = String(response.headers["content-type"] ?? "").includes("json");
  return {
    status: response.statusCode,
    body: response.body && isJson ? response.json() : response.body || undefined,
    headers: response.headers,
    raw: response.rawPayload,
  };
}

/** The same over HTTP, against a listening server. */
async function fetchRaw(baseUrl: string, request: RawRequest): Promise<RawAnswer> {
  const { payload } = request;
  const isObject = payload !== undefined && typeof payload !== "string" && !Buffer.isBuffer(payload);
  const response = await fetch(`${baseUrl}${request.url}`, {
    method: request.method,
    headers: {
      ...(isObject ? { "content-type": "application/json" } : {}),
      ...(request.headers ?? {}),
      ...bearer(request.token),
    },
    body: isObject
      ? JSON.stringify(payload)
      : typeof payload === "string" || payload === undefined
        ? payload
        : new Uint8Array(payload as Buffer),
  });
  const raw = Buffer.from(await response.arrayBuffer());
  const text = raw.toString("utf8");
  const isJson = (response.headers.get("content-type") ?? "").includes("json");
  return {
    status: response.status,
    body: text && isJson ? JSON.parse(text) : text || undefined,
    headers: Object.fromEntries(response.headers),
    raw,
  };
}

function send(target: Target, raw: RawRequest): Promise<RawAnswer> {
  // Text is JSON written by hand (a malformed body, say) unless the request names another type.
  const request =
    typeof raw.payload === "string" && !Object.keys(raw.headers ?? {}).some((name) => /^content-type$/i.test(name))
      ? { ...raw, headers: { ...raw.headers, "content-type": "application/json" } }
      : raw;
  if (typeof target === "string") return fetchRaw(target, request);
  const { method, url, payload, token, headers, remoteAddress } = request;
  return callRaw(target, {
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    ...(headers ? { headers } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
    token,
  });
}

/** `?a=1&b=x&b=y` from a query object (arrays repeat their key; undefined and null are left out). */
export function queryString(query: Record<string, unknown> | undefined): string {
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

/** The method and URL a contract's call goes to. */
export function requestOf<C extends ContractShape>(
  contract: C,
  request: { params?: unknown; query?: unknown } = {},
): { method: HttpMethod; url: string } {
  return {
    method: contract.method,
    url:
      buildPath(contract.path, request.params as Record<string, string> | undefined) +
      queryString(request.query as Record<string, unknown> | undefined),
  };
}

export interface ApiClient {
  /** Calls an endpoint through its contract and answers its status and body, whatever the status. */
  call<C extends ContractShape>(contract: C, ...args: CallArgs<C>): Promise<Answer<C>>;
  /** Calls an endpoint through its contract and answers its response; any other status than the contract's throws (set-up). */
  ok<C extends ContractShape>(contract: C, ...args: CallArgs<C>): Promise<Payload<C>>;
  /** A request written by hand, for what the contract forbids on purpose. */
  raw(request: RawRequest): Promise<RawAnswer>;
}

/** A client of the app or server `target` names (a getter, for tests that build their app in `beforeAll`). */
export function apiClient(target: Target | (() => Target | undefined)): ApiClient {
  const resolve = (): Target => {
    const value = typeof target === "function" ? target() : target;
    if (value === undefined) throw new Error("apiClient: no app or server to call yet");
    return value as Target;
  };
  const call = async <C extends ContractShape>(contract: C, ...[request, options]: CallArgs<C>) => {
    const parts = (request ?? {}) as { params?: unknown; query?: unknown; body?: unknown };
    const answer = await send(resolve(), {
      ...requestOf(contract, parts),
      ...(parts.body === undefined ? {} : { payload: parts.body as object }),
      ...(options ?? {}),
    });
    return answer as Answer<C>;
  };
  return {
    call,
    async ok(contract, ...args) {
      const answer = await call(contract, ...args);
      if (answer.status !== (contract.status ?? 200)) {
        const { method, url } = requestOf(contract, args[0] ?? {});
        throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
      return answer.body;
    },
    raw: (request) => send(resolve(), request),
  };
}
