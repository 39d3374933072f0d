import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStaff, bearer, call, createTestApp, signUpWithWorkspace, type TestApp } from "../../../test/test-app.ts";
import { images } from "../../db/schema/workspaces.ts";

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  // A real directory, so that the local-disk storage (the embedded default) is what these tests exercise.
  dataDir = mkdtempSync(path.join(tmpdir(), "tasuki-images-"));
  t = await createTestApp({ config: { dataDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Part = { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body built by hand, so that the order and headers of the parts are exactly as given. */
function multipart(parts: Part[]) {
  const boundary = `----tasuki${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ("value" in part) {
      chunks.push(
        Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\ncontent-type: ${part.contentType}\r\n\r\n`,
        ),
        part.data,
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

async function upload(token: string | undefined, parts: Part[]) {
  const body = multipart(parts);
  return call(t.app, {
    method: "POST",
    url: "/app/image/new",
    payload: body.payload,
    headers: body.headers,
    ...(token ? { token } : {}),
  });
}

/** The same over a real socket with the browser's FormData, where the body arrives in pieces. */
async function uploadOverHttp(token: string, workspaceId: string, data: Buffer) {
  const address = await listening();
  const form = new FormData();
  form.append("workspace_id", workspaceId);
  form.append("file", new Blob([new Uint8Array(data)], { type: "image/png" }), "photo.png");
  const res = await fetch(`${address}/app/image/new`, { method: "POST", body: form, headers: bearer(token) });
  return { status: res.status, body: await res.json() };
}

let address: string | undefined;
const listening = async () => {
  address ??= await t.app.listen({ host: "127.0.0.1", port: 0 });
  return address;
};

const file = (data: Buffer, filename = "image.png", contentType = "image/png") => ({
  name: "file",
  filename,
  contentType,
  data,
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 30, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();

/** A photo as a phone would send it: EXIF with the camera and a GPS position. */
const jpegWithExif = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#c04020" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "TasukiCam", Model: "Secret Model 9", Copyright: "Yamada Taro" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "35/1 41/1 22/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "139/1 41/1 30/1",
      },
    })
    .toBuffer();

async function getImage(url: string, token?: string) {
  const response = await t.app.inject({ method: "GET", url, headers: token ? bearer(token) : {} });
  return response;
}

async function imageRowsOf(workspaceId: string) {
  return t.ctx.db.select().from(images).where(eq(images.workspaceId, workspaceId));
}

describe("POST /app/image/new", () => {
  it("stores a PNG under DATA_DIR/images/<workspace>/<id> and serves it back with the same dimensions", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const res = await upload(owner.tokens.access_token, [{ name: "workspace_id", value: ws }, file(await png(64, 40))]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      workspace_id: ws,
      content_type: "image/png",
      width: 64,
      height: 40,
      size: expect.any(Number),
      created_at: expect.any(String),
    });
    expect(res.body.url).toBe(`/app/image/${res.body.id}`);
    const stored = path.join(dataDir, "images", ws, res.body.id);
    expect(existsSync(stored)).toBe(true);
    expect(readFileSync(stored).length).toBe(res.body.size);

    const got = await getImage(res.body.url, owner.tokens.access_token);
    expect(got.statusCode).toBe(200);
    expect(got.headers["content-type"]).toBe("image/png");
    expect(got.headers["cache-control"]).toBe("private, max-age=86400");
    expect(got.headers["x-content-type-options"]).toBe("nosniff");
    const meta = await sharp(got.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: "png",
      width: 64,
      height: 40,
    });
  });

  it("re-encodes a JPEG without its EXIF (camera, GPS), whatever name and content-type it came with", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const original = await jpegWithExif(120, 90);
    // The test photo really carries the metadata that must go.
    const exif = (await sharp(original).metadata()).exif;
    expect(exif?.includes("TasukiCam")).toBe(true);
    // The GPS IFD pointer (tag 0x8825, little-endian): the photo says where it was taken.
    expect(exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const member = await addStaff(t, ws, "member");
    const res = await upload(member.tokens.access_token, [
      { name: "workspace_id", value: ws },
      file(original, "IMG_0001.bin", "application/octet-stream"),
    ]);
    expect(res).toMatchObject({ status: 201, body: { content_type: "image/jpeg", width: 120, height: 90 } });

    const got = await getImage(res.body.url, owner.tokens.access_token);
    expect(got.headers["content-type"]).toBe("image/jpeg");
    const meta = await sharp(got.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 120, height: 90 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(got.rawPayload.includes("TasukiCam")).toBe(false);
    expect(got.rawPayload.includes("Secret Model")).toBe(false);
    expect(got.rawPayload.includes(Buffer.from("Exif\0\0", "latin1"))).toBe(false);
  });

  it("takes WebP", async () => {
    const owner = await signUpWithWorkspace(t);
    const webp = await sharp({ create: { width: 10, height: 20, channels: 3, background: "#00ff00" } })
      .webp()
      .toBuffer();
    const res = await upload(owner.tokens.access_token, [
      { name: "workspace_id", value: owner.workspace.id },
      file(webp, "a.webp", "image/webp"),
    ]);
    expect(res).toMatchObject({ status: 201, body: { content_type: "image/webp", width: 10, height: 20 } });
  });

  it("refuses what is not really a PNG, JPEG or WebP, by its content, and writes nothing", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    const pngHeaderThenText = Buffer.concat([(await png(4, 4)).subarray(0, 8), Buffer.from("not really a png")]);
    for (const data of [
      Buffer.from("これは画像ではありません。just text"),
      gif,
      pngHeaderThenText,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    ]) {
      const res = await upload(owner.tokens.access_token, [
        { name: "workspace_id", value: ws },
        file(data, "photo.png", "image/png"),
      ]);
      expect(res).toMatchObject({ status: 400, body: { code: "unsupported_image" } });
      expect(res.body.message).toEqual(expect.any(String));
      expect(res.body.dev_message).toEqual(expect.any(String));
    }
    expect(await imageRowsOf(ws)).toEqual([]);
    expect(existsSync(path.join(dataDir, "images", ws))).toBe(false);
  });

  it("answers 413 with the error body beyond 5 MB, and writes nothing", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const big = Buffer.concat([(await png(4, 4)).subarray(0, 8), randomBytes(5 * 1024 * 1024 + 100)]);
    const res = await upload(owner.tokens.access_token, [{ name: "workspace_id", value: ws }, file(big)]);
    expect(res).toMatchObject({ status: 413, body: { code: "payload_too_large" } });
    expect(res.body.message).toContain("5MB");
    // A valid image with 6 MB glued after it: cut at 5 MB, the first bytes would still decode.
    const padded = Buffer.concat([await png(4, 4), randomBytes(6 * 1024 * 1024)]);
    // Whether the parser's own check or ours catches the cut depends on timing: a few tries cover both.
    for (let attempt = 0; attempt < 3; attempt++) {
      const streamed = await uploadOverHttp(owner.tokens.access_token, ws, padded);
      expect(streamed).toMatchObject({ status: 413, body: { code: "payload_too_large" } });
    }
    const justUnder = Buffer.concat([await png(4, 4), randomBytes(5 * 1024 * 1024 - 200)]);
    const under = await uploadOverHttp(owner.tokens.access_token, ws, justUnder);
    expect(under.status).toBe(201);
    expect(await imageRowsOf(ws)).toHaveLength(1);
  });

  it("refuses a missing or misplaced workspace_id, a missing file and a non-multipart body", async () => {
    const owner = await signUpWithWorkspace(t);
    const token = owner.tokens.access_token;
    const ws = owner.workspace.id;
    const image = await png(4, 4);
    const missing = await upload(token, [file(image)]);
    expect(missing).toMatchObject({ status: 400, body: { code: "validation_error" } });
    expect(missing.body.message).toContain("workspace_id");
    expect((await upload(token, [file(image), { name: "workspace_id", value: ws }])).status).toBe(400);
    expect((await upload(token, [{ name: "workspace_id", value: "nope" }, file(image)])).status).toBe(400);
    expect(await upload(token, [{ name: "workspace_id", value: ws }])).toMatchObject({
      status: 400,
      body: { code: "image_file_required" },
    });
    const json = await call(t.app, { method: "POST", url: "/app/image/new", token, payload: { workspace_id: ws } });
    expect(json).toMatchObject({ status: 415, body: { code: "unsupported_media_type" } });
    expect(await imageRowsOf(ws)).toEqual([]);
  });

  it("lets members of the workspace only upload: others 404, suspended 403, anonymous 401", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const stranger = await signUpWithWorkspace(t, "他社");
    const suspended = await addStaff(t, ws, "member", "suspended");
    const guest = await addStaff(t, ws, "guest");
    const parts = [{ name: "workspace_id", value: ws }, file(await png(4, 4))];
    expect(await upload(stranger.tokens.access_token, parts)).toMatchObject({
      status: 404,
      body: { code: "not_found" },
    });
    expect(await upload(suspended.tokens.access_token, parts)).toMatchObject({
      status: 403,
      body: { code: "membership_inactive" },
    });
    expect(await upload(undefined, parts)).toMatchObject({ status: 401, body: { code: "unauthorized" } });
    expect(await imageRowsOf(ws)).toEqual([]);
    // A guest is a member too: an avatar is theirs to set.
    expect((await upload(guest.tokens.access_token, parts)).status).toBe(201);
  });
});

describe("GET /app/image/{id}", () => {
  it("serves the bytes to active members of the image's workspace only", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const uploaded = await upload(owner.tokens.access_token, [
      { name: "workspace_id", value: ws },
      file(await png(8, 8)),
    ]);
    const url = uploaded.body.url as string;
    const member = await addStaff(t, ws, "guest");
    expect((await getImage(url, member.tokens.access_token)).statusCode).toBe(200);

    const stranger = await signUpWithWorkspace(t, "他社");
    const other = await getImage(url, stranger.tokens.access_token);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({
      code: "not_found",
      message: expect.any(String),
      dev_message: expect.any(String),
    });
    expect(other.headers["content-type"]).toContain("application/json");
    const unknown = await getImage("/app/image/01900000-0000-7000-8000-000000000000", owner.tokens.access_token);
    expect(unknown.json()).toEqual(other.json());

    const anonymous = await getImage(url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: "unauthorized" });

    const suspended = await addStaff(t, ws, "member", "suspended");
    expect((await getImage(url, suspended.tokens.access_token)).statusCode).toBe(403);
    expect((await getImage("/app/image/not-an-id", owner.tokens.access_token)).statusCode).toBe(400);
  });

  it("is documented in OpenAPI, the upload as multipart/form-data", async () => {
    const doc = (await call(t.app, { method: "GET", url: "/app/openapi.json" })).body;
    const post = doc.paths["/app/image/new"].post;
    const form = post.requestBody.content["multipart/form-data"].schema;
    expect(form.required).toEqual(["workspace_id", "file"]);
    expect(form.properties.file).toMatchObject({ type: "string", format: "binary" });
    expect(post.responses["201"]).toBeDefined();
    expect(post.responses["413"]).toBeDefined();
    const get = doc.paths["/app/image/{id}"].get;
    expect(Object.keys(get.responses["200"].content)).toEqual(["image/png", "image/jpeg", "image/webp"]);
  });
});
