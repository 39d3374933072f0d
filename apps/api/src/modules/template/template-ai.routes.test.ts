import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { newCompanyContract } from "@tasuki/contract/billing/company.contracts";
import { listBusinessCategoriesContract } from "@tasuki/contract/business-category/business-category.contracts";
import { generatePrimaryItemTplContract } from "@tasuki/contract/template/generate-primary-item-tpl.contract";
import { listAiPrimaryTplsContract } from "@tasuki/contract/template/list-ai-primary-tpls.contract";
import { listAiSecondaryTplsContract } from "@tasuki/contract/template/list-ai-secondary-tpls.contract";
import { newPrimaryItemTplContract } from "@tasuki/contract/template/new-primary-item-tpl.contract";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addStaff,
  createTestApp,
  errorBody,
  japanese,
  signUpWithWorkspace,
  type TestApp,
} from "../../../test/test-app.ts";
import { templates } from "../../db/schema/templates.ts";
import { aiCatalogue } from "./ai-catalogue-data.ts";
import { normaliseCatalogue } from "./catalogue.ts";

/** A workspace whose company is in 情報通信業, with a member, a guest and another company. */
async function world(t: TestApp, category: string | null = "it") {
  const owner = await signUpWithWorkspace(t, "株式会社エーアイ");
  const workspaceId = owner.workspace.id;
  const member = await addStaff(t, workspaceId, "member");
  const guest = await addStaff(t, workspaceId, "guest");
  const outsider = await signUpWithWorkspace(t, "他社");
  if (category) {
    const company = await t.api.call(
      newCompanyContract,
      {
        body: {
          workspace_id: workspaceId,
          name: "株式会社エーアイ",
          business_category_code: category,
        },
      },
      { token: owner.tokens.access_token },
    );
    expect(company.status).toBe(201);
  }
  return {
    workspaceId,
    owner: owner.tokens.access_token,
    member: member.tokens.access_token,
    guest: guest.tokens.access_token,
    outsider: outsider.tokens.access_token,
  };
}

const templateCount = async (t: TestApp, workspaceId: string) =>
  (await t.ctx.db.select({ n: count() }).from(templates).where(eq(templates.workspaceId, workspaceId)))[0]!.n;

describe("the AI catalogue", () => {
  it("holds at least three valid templates in natural Japanese for every 業種 of business-category/list-all", async () => {
    const t = await createTestApp();
    try {
      const w = await world(t);
      const categories = await t.api.call(listBusinessCategoriesContract, {}, { token: w.owner });
      // Every entry is read through the template schema (as it would be saved); a bad entry throws here.
      const catalogue = normaliseCatalogue(aiCatalogue);
      const sizes: string[] = [];
      const ids = new Set<string>();
      for (const category of categories.body.items as { id: string; name: string }[]) {
        const entries = catalogue.get(category.id) ?? [];
        expect(entries.length, category.name).toBeGreaterThanOrEqual(3);
        for (const entry of entries) {
          expect(ids.has(entry.id), entry.id).toBe(false);
          ids.add(entry.id);
          expect(entry.name).toMatch(japanese);
          expect(entry.task_count).toBeGreaterThan(0);
        }
        const tasks = entries.reduce((sum, entry) => sum + entry.task_count, 0);
        sizes.push(`${category.id} ${entries.length}/${tasks}`);
      }
      // The figure for the report: templates/tasks per 業種.
      console.info(`catalogue per 業種 (templates/tasks): ${sizes.join(", ")}`);
    } finally {
      await t.close();
    }
  });
});

describe("without an AI provider", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("serves the catalogue of the workspace's 業種, or of one named, to those who may use templates", async () => {
    const w = await world(t);
    const primary = await t.api.call(
      listAiPrimaryTplsContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.member },
    );
    expect(primary.status).toBe(200);
    expect(primary.body).toMatchObject({ business_category_id: "it", generator: "template" });
    expect(primary.body.items.length).toBeGreaterThanOrEqual(3);
    for (const item of primary.body.items) expect(item.business_category_id).toBe("it");
    const secondary = await t.api.call(
      listAiSecondaryTplsContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.member },
    );
    expect(secondary.body.items[0]).toMatchObject({
      primary_tpl_id: primary.body.items[0]!.id,
      primary_tpl_name: primary.body.items[0]!.name,
      name: primary.body.items[0]!.secondary_items[0]!.name,
    });
    const other = await t.api.call(
      listAiPrimaryTplsContract,
      { query: { workspace_id: w.workspaceId, business_category_id: "healthcare" } },
      { token: w.owner },
    );
    expect(other.body.business_category_id).toBe("healthcare");
    expect(other.body.items.map((item: { id: string }) => item.id)).not.toContain(primary.body.items[0]!.id);
    const unknown = await t.api.call(
      listAiPrimaryTplsContract,
      { query: { workspace_id: w.workspaceId, business_category_id: "nonsense" } },
      { token: w.owner },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(errorBody);
    expect(
      (await t.api.call(listAiPrimaryTplsContract, { query: { workspace_id: w.workspaceId } }, { token: w.guest }))
        .status,
    ).toBe(403);
    expect(
      (await t.api.call(listAiSecondaryTplsContract, { query: { workspace_id: w.workspaceId } }, { token: w.outsider }))
        .status,
    ).toBe(404);

    // A company not yet described: no 業種, an empty catalogue, until one is named.
    const bare = await world(t, null);
    const none = await t.api.call(
      listAiPrimaryTplsContract,
      { query: { workspace_id: bare.workspaceId } },
      { token: bare.owner },
    );
    expect(none.body).toEqual({ business_category_id: null, generator: "template", items: [] });

    // A catalogue entry is saved as is with primary-item-tpl/new.
    const { id: _id, business_category_id: _c, task_count, ...tree } = primary.body.items[0]!;
    const saved = await t.api.call(
      newPrimaryItemTplContract,
      {
        body: {
          workspace_id: w.workspaceId,
          ...tree,
          origin: "catalogue",
        },
      },
      { token: w.owner },
    );
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ origin: "catalogue", task_count, name: tree.name });
  });

  it("drafts with the deterministic generator, labelled template, and saves nothing", async () => {
    const w = await world(t);
    const catalogue = await t.api.call(
      listAiPrimaryTplsContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.owner },
    );
    const first = catalogue.body.items[0]!;
    const like = await t.api.call(
      generatePrimaryItemTplContract,
      {
        body: {
          workspace_id: w.workspaceId,
          goal: `${first.name}を進めたい`,
        },
      },
      { token: w.owner },
    );
    expect(like.status).toBe(200);
    expect(like.body.generator).toBe("template");
    expect(like.body.draft.name).toBe(first.name);
    const again = await t.api.call(
      generatePrimaryItemTplContract,
      {
        body: {
          workspace_id: w.workspaceId,
          goal: `${first.name}を進めたい`,
        },
      },
      { token: w.owner },
    );
    expect(again.body).toEqual(like.body);
    // A goal like nothing in the catalogue: a plain 計画・準備・実施・振り返り plan named after it.
    const plain = await t.api.call(
      generatePrimaryItemTplContract,
      {
        body: {
          workspace_id: w.workspaceId,
          goal: "ゆずの収穫体験ツアーを催す",
        },
      },
      { token: w.owner },
    );
    expect(plain.body.draft.name).toBe("ゆずの収穫体験ツアーを催す");
    expect(plain.body.draft.secondary_items.map((item: { name: string }) => item.name)).toEqual([
      "計画",
      "準備",
      "実施",
      "振り返り",
    ]);
    expect(await templateCount(t, w.workspaceId)).toBe(0);
    // manage_templates drafts; a member may not, another company's caller gets 404.
    const denied = await t.api.call(
      generatePrimaryItemTplContract,
      {
        body: {
          workspace_id: w.workspaceId,
          goal: "x",
        },
      },
      { token: w.member },
    );
    expect(denied.status).toBe(403);
    expect(
      (
        await t.api.call(
          generatePrimaryItemTplContract,
          { body: { workspace_id: w.workspaceId, goal: "x" } },
          { token: w.outsider },
        )
      ).status,
    ).toBe(404);
    for (const body of [{ goal: "" }, { goal: "あ".repeat(501) }, { goal: "a\u0000" }, { goal: "x", extra: 1 }]) {
      const res = await t.api.call(
        generatePrimaryItemTplContract,
        { body: { workspace_id: w.workspaceId, ...body } },
        { token: w.owner },
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(japanese);
    }
  });

  it("never cuts an emoji in half: the draft saves as it was drafted", async () => {
    const w = await world(t);
    // 199 characters, then an emoji across the 200th and 201st code units.
    const goal = `${"ゆ".repeat(199)}🍊の収穫体験`;
    const drafted = await t.api.call(
      generatePrimaryItemTplContract,
      { body: { workspace_id: w.workspaceId, goal } },
      { token: w.owner },
    );
    expect(drafted.status).toBe(200);
    expect(drafted.body.draft.name).toBe("ゆ".repeat(199));
    expect(drafted.body.draft.description).toContain(`「${"ゆ".repeat(40)}…」`);
    const saved = await t.api.call(
      newPrimaryItemTplContract,
      {
        body: {
          workspace_id: w.workspaceId,
          ...drafted.body.draft,
          origin: "ai",
        },
      },
      { token: w.owner },
    );
    expect(saved.status).toBe(201);
    expect(saved.body.name).toBe("ゆ".repeat(199));
  });
});

describe("with an OpenAI-compatible provider on loopback", () => {
  let t: TestApp;
  let server: Server;
  let mode: "ok" | "outside-schema" | "not-json" | "error" | "hang" = "ok";
  const received: {
    url: string | undefined;
    headers: IncomingMessage["headers"];
    body: {
      model: string;
      messages: { role: string; content: string }[];
      response_format?: { type: string; json_schema: { name: string; strict: boolean; schema: { type: string } } };
    };
  }[] = [];
  const draft = {
    name: "新サービスの立ち上げ",
    description: "企画から公開までを進めます。",
    day_basis: "business",
    secondary_items: [
      {
        name: "企画",
        description: "",
        tasks: [
          {
            title: "市場調査",
            description: "競合と顧客の声を調べます。",
            priority: "high",
            start_offset_days: 0,
            duration_days: 5,
            assignee_rule: "user",
            checklist: ["競合3社"],
          },
        ],
      },
    ],
    tasks: [],
  };

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
        const content =
          mode === "not-json"
            ? "承知しました。以下のようなテンプレートはいかがでしょうか。"
            : mode === "outside-schema"
              ? JSON.stringify({
                  ...draft,
                  secondary_items: [{ name: "企画", tasks: [{ title: "調査", duration_days: 0 }] }],
                })
              : `\`\`\`json\n${JSON.stringify(draft)}\n\`\`\``;
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            id: "chatcmpl-1",
            object: "chat.completion",
            model: "test-model",
            choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({
      config: {
        ai: { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: "sk-test-key", model: "test-model", timeoutMs: 1000 },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("asks for the template schema as structured JSON with the goal, 業種 and examples, and answers the validated draft", async () => {
    const w = await world(t);
    mode = "ok";
    received.length = 0;
    const res = await t.api.call(
      generatePrimaryItemTplContract,
      {
        body: {
          workspace_id: w.workspaceId,
          goal: "新しいサービスを立ち上げる",
        },
      },
      { token: w.owner },
    );
    expect(res.status).toBe(200);
    expect(res.body.generator).toBe("ai");
    // Defaults filled in by the schema; the code fence some servers add is taken off.
    expect(res.body.draft).toMatchObject({
      name: "新サービスの立ち上げ",
      secondary_items: [{ name: "企画", tasks: [{ title: "市場調査", duration_days: 5 }] }],
    });
    const [request] = received;
    expect(request!.url).toBe("/v1/chat/completions");
    expect(request!.headers.authorization).toBe("Bearer sk-test-key");
    expect(request!.body.model).toBe("test-model");
    expect(request!.body.response_format).toMatchObject({
      type: "json_schema",
      json_schema: { name: "primary_item_template", strict: true, schema: { type: "object" } },
    });
    const user = request!.body.messages.find((message) => message.role === "user")!.content;
    expect(user).toContain("目的: 新しいサービスを立ち上げる");
    expect(user).toContain("業種: 情報通信業");
    expect(user).toContain("同じ業種のテンプレートの例");
    // The catalogue still says which generator is configured.
    const list = await t.api.call(
      listAiPrimaryTplsContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.owner },
    );
    expect(list.body.generator).toBe("ai");
    expect(await templateCount(t, w.workspaceId)).toBe(0);
    // Reviewed, then saved as an AI template.
    const saved = await t.api.call(
      newPrimaryItemTplContract,
      {
        body: {
          workspace_id: w.workspaceId,
          ...res.body.draft,
          origin: "ai",
        },
      },
      { token: w.owner },
    );
    expect(saved.status).toBe(201);
    expect(saved.body.origin).toBe("ai");
  });

  it("answers 502 ai_unavailable and writes nothing when the answer is outside the schema, not JSON, an error or too slow", async () => {
    const w = await world(t);
    for (const failing of ["outside-schema", "not-json", "error", "hang"] as const) {
      mode = failing;
      const res = await t.api.call(
        generatePrimaryItemTplContract,
        {
          body: {
            workspace_id: w.workspaceId,
            goal: "新しいサービスを立ち上げる",
          },
        },
        { token: w.owner },
      );
      expect(res.status, failing).toBe(502);
      expect(res.body).toEqual(errorBody);
      expect(res.body.code).toBe("ai_unavailable");
      expect(res.body.message).toMatch(japanese);
      // Neither the key nor the provider's own words reach the caller.
      expect(JSON.stringify(res.body)).not.toContain("sk-test-key");
      expect(JSON.stringify(res.body)).not.toContain("overloaded");
    }
    expect(await templateCount(t, w.workspaceId)).toBe(0);
    mode = "ok";
  });
});
