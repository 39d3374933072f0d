import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { newPrimaryItemContract } from "@tasuki/contract/primary-item/primary-item.contracts";
import { getProjectContract, newProjectContract } from "@tasuki/contract/project/project.contracts";
import { syncGeneratedDescriptionContract } from "@tasuki/contract/task/sync-generated-description.contract";
import {
  deleteTaskContract,
  getTaskContract,
  newTaskContract,
  updateTaskContract,
} from "@tasuki/contract/task/task.contracts";
import { updateWorkspaceContract } from "@tasuki/contract/workspace/update-workspace.contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStaff, createTestApp, japanese, signUpWithWorkspace, type TestApp } from "../../../test/test-app.ts";

/** Owner, assignee, manager, a member who cannot see the task, a guest, and the owner of another company. */
async function world(t: TestApp) {
  const owner = await signUpWithWorkspace(t, "株式会社説明");
  const workspaceId = owner.workspace.id;
  const [assignee, manager, other, guest, outsider] = await Promise.all([
    addStaff(t, workspaceId, "member"),
    addStaff(t, workspaceId, "member"),
    addStaff(t, workspaceId, "member"),
    addStaff(t, workspaceId, "guest"),
    signUpWithWorkspace(t, "他社"),
  ]);
  const project = await t.api.call(
    newProjectContract,
    {
      body: {
        workspace_id: workspaceId,
        name: "新社屋移転",
      },
    },
    { token: owner.tokens.access_token },
  );
  const primary = await t.api.call(
    newPrimaryItemContract,
    {
      body: {
        workspace_id: workspaceId,
        project_id: project.body.id,
        name: "オフィス準備",
      },
    },
    { token: owner.tokens.access_token },
  );
  return {
    workspaceId,
    projectId: project.body.id as string,
    primaryItemId: primary.body.id as string,
    owner: owner.tokens.access_token,
    assignee: assignee.tokens.access_token,
    assigneeId: assignee.staffId,
    manager: manager.tokens.access_token,
    managerId: manager.staffId,
    other: other.tokens.access_token,
    guest: guest.tokens.access_token,
    outsider: outsider.tokens.access_token,
  };
}
type World = Awaited<ReturnType<typeof world>>;

function newTask(t: TestApp, w: World, fields: Partial<ContractBody<typeof newTaskContract>> = {}) {
  return t.api.ok(
    newTaskContract,
    {
      body: {
        workspace_id: w.workspaceId,
        title: "会議室の備品を発注する",
        assignee_id: w.assigneeId,
        manager_id: w.managerId,
        project_id: w.projectId,
        primary_item_id: w.primaryItemId,
        expires_at: "2026-12-10",
        ...fields,
      },
    },
    { token: w.owner },
  );
}

const sync = (id: string) => `/app/task/${id}/sync-generated-description`;

describe("without an AI provider: the template generator", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("writes 目的・手順・完了条件 from the title and context, labelled template, the same text every time", async () => {
    const w = await world(t);
    const task = await newTask(t, w);
    const first = await t.api.call(syncGeneratedDescriptionContract, { params: { id: task.id } }, { token: w.owner });
    expect(first.status).toBe(200);
    expect(first.body.description_source).toBe("template");
    const text = first.body.description as string;
    expect(text).toMatch(/^【目的】/);
    expect(text).toContain("【手順】");
    expect(text).toContain("【完了条件】");
    expect(text).toContain("会議室の備品を発注する");
    expect(text).toContain("新社屋移転");
    expect(text).toContain("大項目「オフィス準備」");
    expect(text).toContain("2026年12月10日");
    expect(text).not.toMatch(/[#*`]/);

    // Generated text may be generated again without overwrite, and the generator is deterministic.
    const again = await t.api.call(
      syncGeneratedDescriptionContract,
      { params: { id: task.id }, body: {} },
      { token: w.owner },
    );
    expect(again.status).toBe(200);
    expect(again.body.description).toBe(text);
    const twin = await newTask(t, w);
    expect(
      (await t.api.call(syncGeneratedDescriptionContract, { params: { id: twin.id } }, { token: w.owner })).body
        .description,
    ).toBe(text);

    const read = await t.api.call(getTaskContract, { params: { id: task.id } }, { token: w.assignee });
    expect(read.body).toMatchObject({ description: text, description_source: "template" });
  });

  it("leaves out the names of a project its caller may not see (the assignee outside 新社屋移転)", async () => {
    const w = await world(t);
    const task = await newTask(t, w);
    // The assignee may open the task but not its project: the project's page answers them 404.
    expect((await t.api.call(getProjectContract, { params: { id: w.projectId } }, { token: w.assignee })).status).toBe(
      404,
    );
    const written = await t.api.call(
      syncGeneratedDescriptionContract,
      { params: { id: task.id } },
      { token: w.assignee },
    );
    expect(written.status).toBe(200);
    const text = written.body.description as string;
    expect(text).toContain("会議室の備品を発注する");
    expect(text).toContain("2026年12月10日");
    expect(text).not.toContain("新社屋移転");
    expect(text).not.toContain("オフィス準備");
  });

  it("speaks the workspace's own names for its item layers and works without any context", async () => {
    const w = await world(t);
    await t.api.call(
      updateWorkspaceContract,
      {
        params: { id: w.workspaceId },
        body: {
          base_names: { primary_item: "目標", secondary_item: "施策" },
        },
      },
      { token: w.owner },
    );
    const task = await newTask(t, w);
    const res = await t.api.call(syncGeneratedDescriptionContract, { params: { id: task.id } }, { token: w.owner });
    expect(res.body.description).toContain("目標「オフィス準備」");

    const bare = await newTask(t, w, {
      title: "名刺を発注する",
      project_id: null,
      primary_item_id: null,
      expires_at: null,
    });
    const plain = await t.api.call(syncGeneratedDescriptionContract, { params: { id: bare.id } }, { token: w.owner });
    expect(plain.status).toBe(200);
    expect(plain.body.description).toContain("【目的】\n「名刺を発注する」を完了させます。");
  });

  it("keeps a description a person wrote unless overwrite is true; editing it makes it a person's again", async () => {
    const w = await world(t);
    const task = await newTask(t, w, { description: "手書きの説明" });
    for (const payload of [undefined, {}, { overwrite: false }]) {
      const res = await t.api.call(
        syncGeneratedDescriptionContract,
        { params: { id: task.id }, body: payload },
        { token: w.assignee },
      );
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("description_exists");
      expect(res.body.message).toMatch(japanese);
    }
    expect((await t.api.call(getTaskContract, { params: { id: task.id } }, { token: w.owner })).body).toMatchObject({
      description: "手書きの説明",
      description_source: null,
    });

    const overwritten = await t.api.call(
      syncGeneratedDescriptionContract,
      { params: { id: task.id }, body: { overwrite: true } },
      { token: w.assignee },
    );
    expect(overwritten.status).toBe(200);
    expect(overwritten.body.description_source).toBe("template");

    // A person's edit of the generated text is theirs: protected again.
    await t.api.call(
      updateTaskContract,
      { params: { id: task.id }, body: { description: "直しました" } },
      { token: w.assignee },
    );
    expect(
      (await t.api.call(syncGeneratedDescriptionContract, { params: { id: task.id } }, { token: w.assignee })).status,
    ).toBe(409);

    // Blank text is nothing to lose.
    const blank = await newTask(t, w, { description: "   " });
    expect(
      (await t.api.call(syncGeneratedDescriptionContract, { params: { id: blank.id } }, { token: w.assignee })).status,
    ).toBe(200);

    expect(
      (await t.api.raw({ method: "POST", url: sync(task.id), token: w.assignee, payload: { overwrite: "yes" } }))
        .status,
    ).toBe(400);
    expect(
      (await t.api.raw({ method: "POST", url: sync(task.id), token: w.assignee, payload: { other: true } })).status,
    ).toBe(400);
  });

  it("same permission as editing: assignee and manager yes; others 404; anonymous 401; trash 409", async () => {
    const w = await world(t);
    const task = await newTask(t, w);
    expect(
      (await t.api.call(syncGeneratedDescriptionContract, { params: { id: task.id } }, { token: w.assignee })).status,
    ).toBe(200);
    expect(
      (await t.api.call(syncGeneratedDescriptionContract, { params: { id: task.id } }, { token: w.manager })).status,
    ).toBe(200);
    expect(
      (await t.api.call(syncGeneratedDescriptionContract, { params: { id: task.id } }, { token: w.owner })).status,
    ).toBe(200);
    for (const token of [w.other, w.guest, w.outsider]) {
      const res = await t.api.call(syncGeneratedDescriptionContract, { params: { id: task.id } }, { token });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
    expect((await t.api.raw({ method: "POST", url: sync(task.id) })).status).toBe(401);
    expect(
      (
        await t.api.call(
          syncGeneratedDescriptionContract,
          { params: { id: "01900000-0000-7000-8000-000000000000" } },
          { token: w.owner },
        )
      ).status,
    ).toBe(404);

    // A public task is visible to other members, but only its parties may change it.
    const open = await newTask(t, w, { is_public: true });
    expect(
      (await t.api.call(syncGeneratedDescriptionContract, { params: { id: open.id } }, { token: w.other })).status,
    ).toBe(403);
    expect(
      (await t.api.call(syncGeneratedDescriptionContract, { params: { id: open.id } }, { token: w.outsider })).status,
    ).toBe(404);

    await t.api.call(deleteTaskContract, { params: { id: task.id } }, { token: w.owner });
    const trashed = await t.api.call(syncGeneratedDescriptionContract, { params: { id: task.id } }, { token: w.owner });
    expect(trashed.status).toBe(409);
    expect(trashed.body.code).toBe("task_in_trash");
  });
});

describe("with an OpenAI-compatible provider on loopback", () => {
  let t: TestApp;
  let server: Server;
  let mode: "ok" | "error" | "hang" | "empty" = "ok";
  const received: {
    url: string | undefined;
    headers: IncomingMessage["headers"];
    body: { model: string; messages: { role: string; content: string }[] };
  }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = "";
      req.on("data", (chunk) => {
        raw += chunk;
      });
      req.on("end", () => {
        received.push({ url: req.url, headers: req.headers, body: JSON.parse(raw) });
        if (mode === "hang") return; // never answers: the adapter's timeout must end the call
        if (mode === "error") {
          res.writeHead(500, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: { message: "overloaded" } }));
          return;
        }
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            id: "chatcmpl-1",
            object: "chat.completion",
            model: "test-model",
            choices: [
              {
                index: 0,
                finish_reason: "stop",
                message: {
                  role: "assistant",
                  content:
                    mode === "empty"
                      ? ""
                      : "【目的】\nAIが書いた説明です。\n\n【手順】\n1. 発注する。\n\n【完了条件】\n・届いていること。\n",
                },
              },
            ],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({
      config: {
        ai: { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: "sk-test-key", model: "test-model", timeoutMs: 500 },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("sends the model, a Japanese prompt with the title and project, and the bearer key; writes the answer as ai", async () => {
    const w = await world(t);
    const task = await newTask(t, w);
    mode = "ok";
    received.length = 0;
    const res = await t.api.call(syncGeneratedDescriptionContract, { params: { id: task.id } }, { token: w.owner });
    expect(res.status).toBe(200);
    expect(res.body.description).toBe(
      "【目的】\nAIが書いた説明です。\n\n【手順】\n1. 発注する。\n\n【完了条件】\n・届いていること。",
    );
    expect(res.body.description_source).toBe("ai");

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.url).toBe("/v1/chat/completions");
    expect(request!.headers.authorization).toBe("Bearer sk-test-key");
    expect(request!.headers["content-type"]).toContain("application/json");
    expect(request!.body.model).toBe("test-model");
    const messages = request!.body.messages;
    expect(messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(messages[0]!.content).toContain("【目的】【手順】【完了条件】");
    expect(messages[0]!.content).toContain("Markdown");
    expect(messages[1]!.content).toContain("会議室の備品を発注する");
    expect(messages[1]!.content).toContain("新社屋移転");
    expect(messages[1]!.content).toContain("オフィス準備");
    // The assignee, who may not see the project, sends none of its names to the provider.
    received.length = 0;
    expect(
      (await t.api.call(syncGeneratedDescriptionContract, { params: { id: task.id } }, { token: w.assignee })).status,
    ).toBe(200);
    expect(received[0]!.body.messages[1]!.content).toContain("会議室の備品を発注する");
    expect(received[0]!.body.messages[1]!.content).not.toContain("新社屋移転");
    expect(received[0]!.body.messages[1]!.content).not.toContain("オフィス準備");

    expect(
      (await t.api.call(getTaskContract, { params: { id: task.id } }, { token: w.manager })).body.description_source,
    ).toBe("ai");
  });

  it("a provider error, an empty answer or a timeout answers 502 ai_unavailable and writes nothing", async () => {
    const w = await world(t);
    const task = await newTask(t, w, { description: "元の説明" });
    for (const failing of ["error", "empty", "hang"] as const) {
      mode = failing;
      // "hang" never answers: the 502 itself shows the provider's timeout ended the call.
      const res = await t.api.call(
        syncGeneratedDescriptionContract,
        { params: { id: task.id }, body: { overwrite: true } },
        { token: w.assignee },
      );
      expect(res.status, failing).toBe(502);
      expect(res.body).toEqual({
        code: "ai_unavailable",
        message: expect.stringMatching(japanese),
        dev_message: expect.any(String),
      });
      const read = await t.api.call(getTaskContract, { params: { id: task.id } }, { token: w.assignee });
      expect(read.body).toMatchObject({ description: "元の説明", description_source: null });
    }
    mode = "ok";
  });

  it("asks the provider nothing when the call is refused", async () => {
    const w = await world(t);
    const task = await newTask(t, w, { description: "手書き" });
    mode = "ok";
    received.length = 0;
    expect(
      (await t.api.call(syncGeneratedDescriptionContract, { params: { id: task.id } }, { token: w.assignee })).status,
    ).toBe(409);
    expect(
      (await t.api.call(syncGeneratedDescriptionContract, { params: { id: task.id } }, { token: w.other })).status,
    ).toBe(404);
    expect(
      (
        await t.api.call(
          syncGeneratedDescriptionContract,
          { params: { id: task.id }, body: { overwrite: true } },
          { token: w.guest },
        )
      ).status,
    ).toBe(404);
    expect(received).toHaveLength(0);
  });
});
