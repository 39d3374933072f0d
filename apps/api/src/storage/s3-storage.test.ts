import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeS3 } from "../../test/fake-s3.ts";
import { createTaskWorld } from "../../test/task-world.ts";
import { bearer, call, createTestApp, type TestApp } from "../../test/test-app.ts";
import type { S3Config } from "../config/config.ts";
import { createS3Storage } from "./s3-storage.ts";

const credentials = { accessKeyId: "tasuki-test", secretAccessKey: "s3cr3t/for+the+fake", region: "ap-northeast-1" };
let s3: Awaited<ReturnType<typeof startFakeS3>>;
let config: S3Config;
let t: TestApp;
beforeAll(async () => {
  s3 = await startFakeS3({ bucket: "tasuki-files", ...credentials });
  config = { endpoint: s3.endpoint, bucket: "tasuki-files", prefix: "tasuki/", ...credentials };
  t = await createTestApp({ config: { s3: config } });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe("S3-compatible storage", () => {
  it("puts, gets and deletes objects under the prefix, signed with SigV4", async () => {
    const storage = createS3Storage(config);
    const data = randomBytes(70_000);
    await storage.put("attachments/ws-1/file-1", data);
    expect(s3.objects.get("tasuki/attachments/ws-1/file-1")?.equals(data)).toBe(true);
    expect((await storage.get("attachments/ws-1/file-1"))?.equals(data)).toBe(true);
    expect(await storage.get("attachments/ws-1/missing")).toBeNull();
    await storage.delete("attachments/ws-1/file-1");
    await storage.delete("attachments/ws-1/file-1");
    expect(s3.objects.has("tasuki/attachments/ws-1/file-1")).toBe(false);
  });

  it("fails loudly with a wrong secret, naming the operation and status but no secret", async () => {
    const wrong = createS3Storage({ ...config, secretAccessKey: "not-the-secret" });
    const refused = await wrong.put("images/ws/x", Buffer.from("x")).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toBe("object storage PutObject answered 403");
    expect(s3.objects.has("tasuki/images/ws/x")).toBe(false);
  });

  it("is where the API keeps attachments (and their thumbnails) when S3 is configured", async () => {
    const w = await createTaskWorld(t, "株式会社バケット");
    const task = await call(t.app, {
      method: "POST",
      url: "/app/task/new",
      token: w.owner,
      payload: { workspace_id: w.workspaceId, title: "写真を共有する", assignee_id: w.assigneeId },
    });
    const image = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#3060c0" } })
      .png()
      .toBuffer();
    const address = await t.app.listen({ host: "127.0.0.1", port: 0 });
    const form = new FormData();
    form.append("task_id", task.body.id);
    form.append("file", new Blob([new Uint8Array(image)], { type: "image/png" }), "写真.png");
    const res = await fetch(`${address}/app/task-attachment/new`, {
      method: "POST",
      body: form,
      headers: bearer(w.owner),
    });
    expect(res.status).toBe(201);
    const attachment = (await res.json()) as { id: string; url: string };
    const key = `tasuki/attachments/${w.workspaceId}/${attachment.id}`;
    expect(s3.objects.get(key)?.equals(image)).toBe(true);
    expect(s3.objects.has(`${key}-preview`)).toBe(true);
    const served = await t.app.inject({ method: "GET", url: attachment.url, headers: bearer(w.assignee) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(image)).toBe(true);
  });
});
