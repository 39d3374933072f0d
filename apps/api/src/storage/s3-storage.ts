import type { S3Config } from "../config/config.ts";
import { assertStorageKey, type ObjectStorage } from "./object-storage.ts";
import { payloadHash, signS3Request } from "./s3-signature.ts";

/**
 * An S3-compatible bucket through its REST API (PutObject, GetObject, DeleteObject), path-style
 * (`<endpoint>/<bucket>/<prefix><key>`), which AWS S3, MinIO, Cloudflare R2 and さくらのクラウド all accept.
 * Requests are signed with SigV4 over the whole body; the secret never leaves this module, and an error names
 * the operation and the status only (the key is a server-made id, the body of an S3 error is not kept).
 */
export function createS3Storage(
  config: S3Config,
  options: { fetch?: typeof fetch; now?: () => Date } = {},
): ObjectStorage {
  const send = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const request = async (method: "PUT" | "GET" | "DELETE", key: string, body?: Buffer) => {
    assertStorageKey(key);
    const url = new URL(`${config.endpoint}/${config.bucket}/${config.prefix}${key}`);
    const headers = signS3Request(
      config,
      {
        method,
        url,
        headers: body ? { "content-type": "application/octet-stream", "content-length": String(body.length) } : {},
        payloadHash: payloadHash(body),
      },
      now(),
    );
    return send(url, {
      method,
      headers,
      body: body ? new Uint8Array(body) : undefined,
      signal: AbortSignal.timeout(60_000),
    });
  };
  const fail = (operation: string, status: number) => new Error(`object storage ${operation} answered ${status}`);
  return {
    async put(key, data) {
      const response = await request("PUT", key, data);
      await response.arrayBuffer();
      if (!response.ok) throw fail("PutObject", response.status);
    },
    async get(key) {
      const response = await request("GET", key);
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      const bytes = Buffer.from(await response.arrayBuffer());
      if (!response.ok) throw fail("GetObject", response.status);
      return bytes;
    },
    async delete(key) {
      const response = await request("DELETE", key);
      await response.arrayBuffer();
      // S3 answers 204 whether or not the object was there; some compatible stores answer 404.
      if (!response.ok && response.status !== 404) throw fail("DeleteObject", response.status);
    },
  };
}
