import { createHash, createHmac } from "node:crypto";

export interface SigningKey {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 unreserved characters stay, everything else is %XX (S3 keeps `/` in paths). */
function encodePath(path: string): string {
  return path
    .split("/")
    .map((segment) =>
      encodeURIComponent(decodeURIComponent(segment)).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join("/");
}

/**
 * AWS Signature Version 4 for one S3 request (the `Authorization` header), written out instead of pulling in the
 * AWS SDK for three calls. Every header given is signed; `x-amz-date` and `x-amz-content-sha256` are added.
 * Checked against AWS's own worked example (s3-signature.test.ts).
 */
export function signS3Request(
  key: SigningKey,
  request: { method: string; url: URL; headers: Record<string, string>; payloadHash: string },
  now: Date,
): Record<string, string> {
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value.trim()])),
    host: request.url.host,
    "x-amz-content-sha256": request.payloadHash,
    "x-amz-date": amzDate,
  };
  const names = Object.keys(headers).sort();
  const query = [...request.url.searchParams.entries()]
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .sort()
    .join("&");
  const canonical = [
    request.method,
    encodePath(request.url.pathname),
    query,
    names.map((name) => `${name}:${headers[name]}\n`).join(""),
    names.join(";"),
    request.payloadHash,
  ].join("\n");
  const scope = `${day}/${key.region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonical)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${key.secretAccessKey}`, day), key.region), "s3"), "aws4_request");
  const signature = createHmac("sha256", signingKey).update(toSign).digest("hex");
  const { host: _host, ...sent } = headers;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${key.accessKeyId}/${scope},SignedHeaders=${names.join(";")},Signature=${signature}`,
  };
}

export const payloadHash = (body: Buffer | undefined) => sha256(body ?? "");
