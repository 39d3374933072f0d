import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { signS3Request } from "../src/storage/s3-signature.ts";

/**
 * A local HTTP server speaking the part of the S3 REST API that Tasuki uses, path-style: PutObject, GetObject and
 * DeleteObject on one bucket (`/<bucket>/<key>`). Every request must carry a valid SigV4 `Authorization` header
 * for the configured key (the signature recomputed from the request as received, `x-amz-date` within 15 minutes)
 * and an `x-amz-content-sha256` that matches the body; otherwise 403 `SignatureDoesNotMatch` /
 * `XAmzContentSHA256Mismatch`, as S3 answers. A missing object is 404 `NoSuchKey`; deleting one is 204 anyway.
 */
export async function startFakeS3(options: {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}) {
  const objects = new Map<string, Buffer>();
  let requests = 0;

  const error = (res: ServerResponse, status: number, code: string) => {
    res.writeHead(status, { "content-type": "application/xml" });
    res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    requests += 1;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);

    const authorization = String(req.headers.authorization ?? "");
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,SignedHeaders=([a-z0-9;-]+),Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    const amzDate = String(req.headers["x-amz-date"] ?? "");
    const when = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
    if (!match || !when || match[1] !== options.accessKeyId || match[3] !== options.region) {
      return error(res, 403, "InvalidAccessKeyId");
    }
    const at = new Date(`${when[1]}-${when[2]}-${when[3]}T${when[4]}:${when[5]}:${when[6]}Z`);
    if (Math.abs(at.getTime() - Date.now()) > 15 * 60 * 1000) return error(res, 403, "RequestTimeTooSkewed");
    const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
    if (payloadHash !== createHash("sha256").update(body).digest("hex")) {
      return error(res, 400, "XAmzContentSHA256Mismatch");
    }
    const signed = match[4]!.split(";");
    const headers: Record<string, string> = {};
    for (const name of signed) {
      if (name === "host" || name === "x-amz-date" || name === "x-amz-content-sha256") continue;
      headers[name] = String(req.headers[name] ?? "");
    }
    const expected = signS3Request(
      { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey, region: options.region },
      { method: req.method ?? "GET", url, headers, payloadHash },
      at,
    ).authorization!;
    if (
      expected.length !== authorization.length ||
      !timingSafeEqual(Buffer.from(expected), Buffer.from(authorization))
    ) {
      return error(res, 403, "SignatureDoesNotMatch");
    }

    const [, bucket, ...rest] = url.pathname.split("/");
    if (bucket !== options.bucket) return error(res, 404, "NoSuchBucket");
    const key = decodeURIComponent(rest.join("/"));
    if (req.method === "PUT") {
      objects.set(key, body);
      res.writeHead(200, { etag: `"${createHash("md5").update(body).digest("hex")}"` });
      return res.end();
    }
    if (req.method === "GET") {
      const object = objects.get(key);
      if (!object) return error(res, 404, "NoSuchKey");
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": object.length });
      return res.end(object);
    }
    if (req.method === "DELETE") {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    return error(res, 405, "MethodNotAllowed");
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => error(res, 500, "InternalError"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
