import type { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * How a call is authenticated:
 * - `bearer`: an access token is required.
 * - `none`: public (sign-up, login, health).
 * - `optional`: public, but a token, when present, is read (e.g. a change-email code needs the signed-in user).
 */
export type AuthMode = "bearer" | "none" | "optional";

export interface ContractShape {
  /** The operation's name in the OpenAPI document (client generators name their functions after it): camelCase, unique. */
  operationId: string;
  method: HttpMethod;
  /** OpenAPI-style path, e.g. `/app/workspace/{id}`. */
  path: string;
  summary: string;
  tags: readonly string[];
  auth: AuthMode;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The success status; 200 unless the call creates something. */
  status?: 200 | 201 | 204;
  response: z.ZodType;
  /**
   * The answer is a file sent as bytes in one of these media types (a CSV, an image), not JSON: the handler
   * sends it through `reply`, and `response` (with its `.describe()`) only documents it.
   */
  produces?: readonly string[];
  /**
   * The body arrives in this media type and the handler reads it as a stream (an upload): it is not parsed
   * before the handler, and `body` only documents it.
   */
  consumes?: "multipart/form-data";
  /** Not an operation of the REST API (the realtime socket, the development outbox): kept out of OpenAPI. */
  hidden?: true;
}

/** One contract per endpoint: the API registers its route from it, the web client calls through it. */
export function defineContract<const C extends ContractShape>(contract: C): C {
  return contract;
}

export type ContractParams<C extends ContractShape> = C["params"] extends z.ZodType ? z.input<C["params"]> : undefined;
export type ContractQuery<C extends ContractShape> = C["query"] extends z.ZodType ? z.input<C["query"]> : undefined;
export type ContractBody<C extends ContractShape> = C["body"] extends z.ZodType ? z.input<C["body"]> : undefined;
export type ContractResponse<C extends ContractShape> = z.output<C["response"]>;

/** Replaces `{name}` segments with the given values, URI-encoded. */
export function buildPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
