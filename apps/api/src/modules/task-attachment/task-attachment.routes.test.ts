import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TaskAttachment } from "@tasuki/contract/task/task-attachment.schema";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTaskWorld, expectError, type TaskWorld } from "../../../test/task-world.ts";
import { addStaff, bearer, call, createTestApp, type TestApp } from "../../../test/test-app.ts";
import { purgeTrash } from "../../compose-jobs.ts";
import { taskAttachments } from "../../db/schema/task-attachments.ts";

/** Small enough that the limit is cheap to cross on a shared machine; the default is 20 MB. */
const LIMIT = 256 * 1024;
const DAY = 24 * 60 * 60 * 1000;
const UNKNOWN_ID = "01900000-0000-7000-8000-000000000000";

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  // A real directory: the local disk under DATA_DIR is the store these tests look into.
  dataDir = mkdtempSync(path.join(tmpdir(), "tasuki-attachments-"));
  t = await createTestApp({ config: { dataDir, attachmentMaxBytes: LIMIT } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let address: string | undefined;
const listening = async () => {
  address ??= await t.app.listen({ host: "127.0.0.1", port: 0 });
  return address;
};

/** An upload as the browser sends it: FormData over a real socket, the file name in UTF-8. */
async function upload(
  token: string,
  taskId: string,
  data: Buffer,
  fileName: string,
  type = "application/octet-stream",
) {
  const form = new FormData();
  form.append("task_id", taskId);
  form.append("file", new Blob([new Uint8Array(data)], { type }), fileName);
  const res = await fetch(`${await listening()}/app/task-attachment/new`, {
    method: "POST",
    body: form,
    headers: bearer(token),
  });
  // A refusal carries the error body instead: its fields are read where a test expects one.
  return { status: res.status, body: (await res.json()) as TaskAttachment & { code?: string; message?: string } };
}

const api = (method: "GET" | "POST" | "DELETE" | "PUT", url: string, token?: string) =>
  call(t.app, { method, url, ...(token ? { token } : {}) });
const getRaw = (url: string, token: string) => t.app.inject({ method: "GET", url, headers: bearer(token) });
const list = (taskId: string, token: string) => api("GET", `/app/task-attachment/list?task_id=${taskId}`, token);

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 110, b: 190, alpha: 1 } } })
    .png()
    .toBuffer();

async function newTask(w: TaskWorld) {
  const res = await call(t.app, {
    method: "POST",
    url: "/app/task/new",
    token: w.owner,
    payload: {
      workspace_id: w.workspaceId,
      title: "見積書を作成する",
      assignee_id: w.assigneeId,
      manager_id: w.managerId,
    },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const filesOf = (workspaceId: string) => {
  const folder = path.join(dataDir, "attachments", workspaceId);
  return existsSync(folder) ? readdirSync(folder).sort() : [];
};
const rowsOf = (taskId: string) => t.ctx.db.select().from(taskAttachments).where(eq(taskAttachments.taskId, taskId));

describe("task attachments", () => {
  it("round-trips an image with a Japanese name: stored under DATA_DIR, listed, served inline, with a thumbnail", async () => {
    const w = await createTaskWorld(t, "株式会社添付");
    const task = await newTask(w);
    const image = await png(1200, 600);
    const res = await upload(w.assignee, task, image, "現場写真 2026-11.png", "image/png");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      task_id: task,
      workspace_id: w.workspaceId,
      comment_id: null,
      file_name: "現場写真 2026-11.png",
      content_type: "image/png",
      size: image.length,
      url: `/app/task-attachment/${res.body.id}/file`,
      preview_url: `/app/task-attachment/${res.body.id}/preview`,
      uploaded_by: { id: w.assigneeId, last_name: expect.any(String) },
      can_delete: true,
    });
    expect(filesOf(w.workspaceId)).toEqual([res.body.id, `${res.body.id}-preview`]);
    expect(readFileSync(path.join(dataDir, "attachments", w.workspaceId, res.body.id)).equals(image)).toBe(true);

    // The manager sees it too, and may delete it; the other member of the workspace does not see the task.
    const listed = await list(task, w.manager);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([{ ...res.body, can_delete: true }]);

    const file = await getRaw(res.body.url, w.owner);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(image)).toBe(true);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["content-disposition"]).toBe(
      `inline; filename="____ 2026-11.png"; filename*=UTF-8''${encodeURIComponent("現場写真 2026-11.png")}`,
    );
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.headers["cache-control"]).toBe("private, max-age=86400");

    const preview = await getRaw(res.body.preview_url!, w.assignee);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers["content-type"]).toBe("image/webp");
    expect(await sharp(preview.rawPayload).metadata()).toMatchObject({ format: "webp", width: 480, height: 240 });
  });

  it("reads the type from the content: a PNG named .exe is an image, HTML and SVG are never served inline", async () => {
    const w = await createTaskWorld(t, "株式会社判定");
    const task = await newTask(w);
    const disguised = await upload(w.owner, task, await png(8, 8), "invoice.exe", "application/x-msdownload");
    expect(disguised.body).toMatchObject({ content_type: "image/png", file_name: "invoice.exe" });
    expect(disguised.body.preview_url).not.toBeNull();

    const html = Buffer.from('<!DOCTYPE html><html><script>alert("x")</script></html>');
    const page = await upload(w.owner, task, html, "photo.png", "image/png");
    expect(page.body).toMatchObject({ content_type: "text/html", preview_url: null });
    const served = await getRaw(page.body.url, w.owner);
    expect(served.headers["content-type"]).toBe("application/octet-stream");
    expect(served.headers["content-disposition"]).toMatch(/^attachment; /);
    expect(served.headers["content-security-policy"]).toContain("sandbox");
    expectError(
      await call(t.app, { method: "GET", url: `/app/task-attachment/${page.body.id}/preview`, token: w.owner }),
      404,
    );

    const svg = await upload(
      w.owner,
      task,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="x()"/>'),
      "a.svg",
    );
    expect(svg.body.content_type).toBe("image/svg+xml");
    expect((await getRaw(svg.body.url, w.owner)).headers["content-type"]).toBe("application/octet-stream");

    const text = await upload(w.owner, task, Buffer.from("議事録\n次回は12月1日"), "議事録.txt", "text/plain");
    expect(text.body.content_type).toBe("text/plain");
    const download = await getRaw(text.body.url, w.owner);
    expect(download.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(download.headers["content-disposition"]).toBe(
      `attachment; filename="___.txt"; filename*=UTF-8''${encodeURIComponent("議事録.txt")}`,
    );
    const pdf = await upload(w.owner, task, Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n"), "見積書");
    expect(pdf.body.content_type).toBe("application/pdf");
    const binary = await upload(w.owner, task, Buffer.from([0, 1, 2, 3, 250, 251]), "data.bin");
    expect(binary.body.content_type).toBe("application/octet-stream");
  });

  it("refuses executables whatever their name, and writes nothing", async () => {
    const w = await createTaskWorld(t, "株式会社実行");
    const task = await newTask(w);
    const programs = [
      Buffer.concat([Buffer.from("MZ"), randomBytes(200)]),
      Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), randomBytes(200)]),
      Buffer.from("#!/bin/sh\nrm -rf ~\n"),
    ];
    for (const program of programs) {
      const res = await upload(w.owner, task, program, "photo.png", "image/png");
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: "attachment_type_refused",
        message: "実行ファイル（プログラム）は添付できません。",
      });
    }
    expect(await rowsOf(task)).toEqual([]);
    expect(filesOf(w.workspaceId)).toEqual([]);
  });

  it("answers 413 beyond the size limit, in Japanese, and writes nothing", async () => {
    const w = await createTaskWorld(t, "株式会社容量");
    const task = await newTask(w);
    const over = await upload(w.owner, task, randomBytes(LIMIT + 1), "大きな資料.zip");
    expect(over.status).toBe(413);
    expect(over.body).toEqual({
      code: "payload_too_large",
      message: "ファイルサイズが大きすぎます。256KB以下のファイルを選択してください。",
      dev_message: expect.any(String),
    });
    const far = await upload(w.owner, task, randomBytes(LIMIT * 4), "もっと大きな資料.zip");
    expect(far.status).toBe(413);
    expect(await rowsOf(task)).toEqual([]);
    expect(filesOf(w.workspaceId)).toEqual([]);
    expect((await upload(w.owner, task, randomBytes(LIMIT), "ちょうど.bin")).status).toBe(201);
  });

  it("keeps another workspace's files and tasks out of reach: 404, exactly like unknown ids", async () => {
    const w = await createTaskWorld(t, "株式会社境界");
    const task = await newTask(w);
    const up = await upload(w.assignee, task, await png(10, 10), "a.png");
    const stranger = (await addStaff(t, w.workspaceId, "member")).tokens.access_token;
    for (const token of [w.outsider, stranger, w.guest]) {
      expectError(await list(task, token), 404);
      expectError(await api("GET", up.body.url, token), 404);
      expectError(await api("GET", up.body.preview_url!, token), 404);
      expectError(await api("DELETE", `/app/task-attachment/${up.body.id}`, token), 404);
      const refused = await upload(token, task, await png(4, 4), "b.png");
      expect(refused.status).toBe(404);
    }
    expect(await api("GET", `/app/task-attachment/${UNKNOWN_ID}/file`, w.owner)).toMatchObject({
      status: 404,
      body: (await api("GET", up.body.url, w.outsider)).body,
    });
    expect((await api("GET", up.body.url)).status).toBe(401);
    expect(await rowsOf(task)).toHaveLength(1);
  });

  it("lets the uploader, the task's manager and admins delete; the assignee not someone else's file", async () => {
    const w = await createTaskWorld(t, "株式会社削除");
    const task = await newTask(w);
    const byManager = await upload(w.manager, task, Buffer.from("メモ"), "メモ.txt");
    const byAssignee = await upload(w.assignee, task, Buffer.from("報告"), "報告.txt");
    const byOwner = await upload(w.owner, task, Buffer.from("指示"), "指示.txt");

    const seen = await list(task, w.assignee);
    expect(seen.body.items.map((item: { can_delete: boolean }) => item.can_delete)).toEqual([false, true, false]);
    expectError(await api("DELETE", `/app/task-attachment/${byManager.body.id}`, w.assignee), 403);
    expect((await api("DELETE", `/app/task-attachment/${byAssignee.body.id}`, w.assignee)).status).toBe(200);
    expect((await api("DELETE", `/app/task-attachment/${byOwner.body.id}`, w.manager)).status).toBe(200);
    const admin = (await addStaff(t, w.workspaceId, "admin")).tokens.access_token;
    expect((await api("DELETE", `/app/task-attachment/${byManager.body.id}`, admin)).body).toEqual({ ok: true });

    expect((await list(task, w.owner)).body.items).toEqual([]);
    expectError(await api("GET", byAssignee.body.url, w.assignee), 404);
    expectError(await api("DELETE", `/app/task-attachment/${byAssignee.body.id}`, w.assignee), 404);
  });

  it("hides a trashed task's files, brings them back on restore, and purges rows and files with the task", async () => {
    const w = await createTaskWorld(t, "株式会社ごみ箱");
    const task = await newTask(w);
    const kept = await newTask(w);
    const image = await upload(w.owner, task, await png(30, 30), "図面.png");
    const removed = await upload(w.owner, kept, Buffer.from("古い版"), "旧版.txt");
    const stays = await upload(w.owner, kept, Buffer.from("新しい版"), "新版.txt");
    expect((await api("DELETE", `/app/task-attachment/${removed.body.id}`, w.owner)).status).toBe(200);

    expect((await api("DELETE", `/app/task/${task}`, w.owner)).status).toBe(200);
    expectError(await list(task, w.owner), 409, "task_in_trash");
    expectError(await api("GET", image.body.url, w.owner), 404);
    expectError(await api("GET", image.body.preview_url!, w.owner), 404);
    expect((await upload(w.owner, task, Buffer.from("x"), "x.txt")).body.code).toBe("task_in_trash");

    expect((await api("PUT", `/app/task/${task}/restoration`, w.owner)).status).toBe(200);
    expect((await list(task, w.owner)).body.items.map((item: { id: string }) => item.id)).toEqual([image.body.id]);
    expect((await getRaw(image.body.url, w.owner)).statusCode).toBe(200);

    expect((await api("DELETE", `/app/task/${task}`, w.owner)).status).toBe(200);
    // 29 days on, nothing is old enough; 31 days on, the task and the removed attachment go, with their files.
    expect((await purgeTrash(t.ctx.db, t.ctx.storage, new Date(Date.now() + 29 * DAY))).attachments).toBe(0);
    const counts = await purgeTrash(t.ctx.db, t.ctx.storage, new Date(Date.now() + 31 * DAY));
    // (Other tests' removed files of this database go too.)
    expect(counts.tasks).toBeGreaterThanOrEqual(1);
    expect(counts.attachments).toBeGreaterThanOrEqual(2);
    expect(await rowsOf(task)).toEqual([]);
    expect((await rowsOf(kept)).map((row) => row.id)).toEqual([stays.body.id]);
    expect(filesOf(w.workspaceId)).toEqual([stays.body.id]);
  });

  it("cleans up file names: no folders, no direction tricks, NFC; and refuses bad input with 400", async () => {
    const w = await createTaskWorld(t, "株式会社入力");
    const task = await newTask(w);
    const names: [string, string][] = [
      ["..\\..\\windows\\報告書.txt", "報告書.txt"],
      ["請求書\u202Etxt.exe", "請求書txt.exe"],
      // Every Bidi_Control, not a hand-made list: U+061C (Arabic letter mark) slipped through one.
      ["見積\u061Cgnp.exe", "見積gnp.exe"],
      ["\u200E\u200F\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069\uFEFF議事録.pdf", "議事録.pdf"],
      // The joiner inside an emoji sequence is not a control: the family stays one picture.
      ["家族\u{1F468}\u200D\u{1F469}\u200D\u{1F467}.png", "家族\u{1F468}\u200D\u{1F469}\u200D\u{1F467}.png"],
      ["ｶﾞ\u30ab\u3099.txt", "ｶﾞガ.txt"],
      ["..", "無題"],
    ];
    for (const [sent, kept] of names) {
      expect((await upload(w.owner, task, Buffer.from("本文"), sent)).body.file_name).toBe(kept);
    }

    const form = (parts: [string, string | Blob, string?][]) => {
      const body = new FormData();
      for (const [name, value, fileName] of parts) {
        if (typeof value === "string") body.append(name, value);
        else body.append(name, value, fileName);
      }
      return body;
    };
    const post = async (body: FormData | string) => {
      const res = await fetch(`${await listening()}/app/task-attachment/new`, {
        method: "POST",
        body,
        headers: { ...bearer(w.owner), ...(typeof body === "string" ? { "content-type": "application/json" } : {}) },
      });
      return { status: res.status, body: await res.json() };
    };
    const blob = new Blob(["本文"]);
    expectError(await post(form([["file", blob, "a.txt"]])), 400, "validation_error");
    expectError(
      await post(
        form([
          ["task_id", "nope"],
          ["file", blob, "a.txt"],
        ]),
      ),
      400,
      "validation_error",
    );
    expectError(await post(form([["task_id", task]])), 400, "attachment_file_required");
    expectError(
      await post(
        form([
          ["task_id", task],
          ["file", new Blob([]), "empty.txt"],
        ]),
      ),
      400,
      "attachment_empty",
    );
    expectError(await post(JSON.stringify({ task_id: task })), 415, "unsupported_media_type");
    expectError(
      await post(
        form([
          ["task_id", UNKNOWN_ID],
          ["file", blob, "a.txt"],
        ]),
      ),
      404,
    );
    expectError(await list("nope", w.owner), 400, "validation_error");
    expect((await rowsOf(task)).length).toBe(names.length);
  });

  it("is documented in OpenAPI, the upload as multipart/form-data", async () => {
    const doc = (await call(t.app, { method: "GET", url: "/app/openapi.json" })).body;
    const form = doc.paths["/app/task-attachment/new"].post.requestBody.content["multipart/form-data"].schema;
    expect(form.required).toEqual(["task_id", "file"]);
    expect(Object.keys(doc.paths["/app/task-attachment/{id}/preview"].get.responses["200"].content)).toEqual([
      "image/webp",
    ]);
  });
});
