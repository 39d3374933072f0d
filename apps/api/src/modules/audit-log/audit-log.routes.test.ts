import { randomUUID } from "node:crypto";
import { exportAuditLogContract, listAuditLogsContract } from "@tasuki/contract/audit-log/audit-log.contracts";
import { AUDIT_FIELD_LABELS } from "@tasuki/contract/audit-log/audit-log.labels";
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from "@tasuki/contract/audit-log/audit-log.schema";
import { loginWithEmailContract } from "@tasuki/contract/auth/login-with-email.contract";
import { renewTokenContract } from "@tasuki/contract/auth/renew-token.contract";
import type { ContractQuery } from "@tasuki/contract/common/define-contract";
import { newGroupContract, updateGroupContract } from "@tasuki/contract/group/group.contracts";
import { addDays, tokyoDate } from "@tasuki/contract/rules/tokyo-date";
import { deleteTaskContract, newTaskContract, updateTaskContract } from "@tasuki/contract/task/task.contracts";
import { newTaskCommentContract } from "@tasuki/contract/task-comment/new-task-comment.contract";
import { putTaskWatcherContract } from "@tasuki/contract/task-comment/put-task-watcher.contract";
import { getWorkspaceUserMeContract } from "@tasuki/contract/workspace-user/get-workspace-user-me.contract";
import { newWorkspaceUserContract } from "@tasuki/contract/workspace-user/new-workspace-user.contract";
import { putWorkspaceUserStatusContract } from "@tasuki/contract/workspace-user/workspace-user-by-id.contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../../../test/task-world.ts";
import {
  addStaff,
  createTestApp,
  PASSWORD,
  signUpWithWorkspace,
  type TestApp,
  uniqueEmail,
} from "../../../test/test-app.ts";
import { auditLogs } from "../../db/schema/audit-logs.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Entry {
  actor: { id: string; last_name: string } | null;
  entity: string;
  entity_id: string | null;
  entity_label: string | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  names: Record<string, string>;
  created_at: string;
}

async function world() {
  const owner = await signUpWithWorkspace(t, "株式会社監査");
  const workspaceId = owner.workspace.id;
  const admin = await addStaff(t, workspaceId, "admin");
  const member = await addStaff(t, workspaceId, "member");
  const outsider = await signUpWithWorkspace(t, "他社");
  const ownerStaffId = (
    await t.api.call(
      getWorkspaceUserMeContract,
      { query: { workspace_id: workspaceId } },
      { token: owner.tokens.access_token },
    )
  ).body.id as string;
  return {
    workspaceId,
    owner: owner.tokens.access_token,
    ownerStaffId,
    admin: admin.tokens.access_token,
    adminId: admin.staffId,
    adminEmail: admin.email,
    member: member.tokens.access_token,
    memberId: member.staffId,
    outsider: outsider.tokens.access_token,
  };
}

const log = async (
  w: Awaited<ReturnType<typeof world>>,
  query: Omit<ContractQuery<typeof listAuditLogsContract>, "workspace_id"> = {},
  token = w.owner,
) => {
  const res = await t.api.call(listAuditLogsContract, { query: { workspace_id: w.workspaceId, ...query } }, { token });
  expect(res.status).toBe(200);
  return res.body as { items: Entry[]; total: number };
};

describe("the audit log", () => {
  it("records task, group and staff changes with the right actor and the changed fields", async () => {
    const w = await world();
    const task = await t.api.call(
      newTaskContract,
      {
        body: {
          workspace_id: w.workspaceId,
          title: "契約書を確認する",
          assignee_id: w.memberId,
        },
      },
      { token: w.admin },
    );
    expect(task.status).toBe(201);
    const taskId = task.body.id as string;
    await t.api.call(
      updateTaskContract,
      { params: { id: taskId }, body: { title: "契約書を最終確認する", priority: "high" } },
      { token: w.member },
    );
    // A delete writes outside a transaction: its actor is known all the same.
    await t.api.call(deleteTaskContract, { params: { id: taskId } }, { token: w.owner });

    const tasks = (await log(w, { entity: "task" })).items;
    expect(tasks.map((entry) => [entry.action, entry.actor?.id])).toEqual([
      ["deleted", w.ownerStaffId],
      ["updated", w.memberId],
      ["created", w.adminId],
    ]);
    expect(tasks[1]).toMatchObject({
      entity_id: taskId,
      entity_label: "契約書を最終確認する",
      before: { title: "契約書を確認する", priority: "none" },
      after: { title: "契約書を最終確認する", priority: "high" },
    });
    // Only the changed fields, and no bookkeeping columns.
    expect(Object.keys(tasks[1]!.after!).sort()).toEqual(["priority", "title"]);
    expect(tasks[2]!.after).toMatchObject({ title: "契約書を確認する", assignee_id: w.memberId });
    expect(tasks[2]!.before).toBeNull();

    const group = await t.api.call(
      newGroupContract,
      { body: { workspace_id: w.workspaceId, name: "営業部" } },
      { token: w.admin },
    );
    await t.api.call(
      updateGroupContract,
      { params: { id: group.body.id }, body: { name: "第一営業部" } },
      { token: w.owner },
    );
    const groups = (await log(w, { entity: "group" })).items;
    expect(groups.map((entry) => [entry.action, entry.actor?.id, entry.after?.name])).toEqual([
      ["updated", w.ownerStaffId, "第一営業部"],
      ["created", w.adminId, "営業部"],
    ]);
    expect(groups[0]!.before).toEqual({ name: "営業部" });

    expect(
      (
        await t.api.call(
          putWorkspaceUserStatusContract,
          { params: { id: w.memberId }, body: { status: "suspended" } },
          { token: w.admin },
        )
      ).status,
    ).toBe(200);
    const staff = (await log(w, { entity: "workspace_user", action: "updated" })).items;
    expect(staff[0]).toMatchObject({
      actor: { id: w.adminId },
      entity_id: w.memberId,
      entity_label: "鈴木　一郎",
      before: { status: "active" },
      after: { status: "suspended" },
    });
  });

  it("names the people and rows a change points to, from the workspace's own rows only", async () => {
    const w = await world();
    const group = await t.api.call(
      newGroupContract,
      {
        body: {
          workspace_id: w.workspaceId,
          name: "経理部",
          leader_id: w.memberId,
          member_ids: [w.memberId],
        },
      },
      { token: w.admin },
    );
    expect(group.status).toBe(201);
    const task = await t.api.call(
      newTaskContract,
      {
        body: {
          workspace_id: w.workspaceId,
          title: "請求書を送る",
          assignee_id: w.memberId,
          group_id: group.body.id,
        },
      },
      { token: w.admin },
    );
    await t.api.call(
      updateTaskContract,
      { params: { id: task.body.id }, body: { assignee_id: w.adminId } },
      { token: w.owner },
    );

    const [updated, created] = (await log(w, { entity: "task" })).items;
    expect(updated).toMatchObject({
      entity_label: "請求書を送る",
      before: { assignee_id: w.memberId },
      after: { assignee_id: w.adminId },
      names: { [w.memberId]: "鈴木　一郎", [w.adminId]: "鈴木　一郎" },
    });
    expect(created!.names).toMatchObject({ [w.memberId]: "鈴木　一郎", [group.body.id]: "経理部" });
    // created_by is named too, whether it holds the staff member or the user behind them.
    expect(created!.names[created!.after!.created_by as string]).toBe("鈴木　一郎");
    const [membership] = (await log(w, { entity: "group_member", action: "created" })).items;
    expect(membership).toMatchObject({ action: "created", entity_label: "経理部：鈴木　一郎" });

    // An id of another company's row is never named, even where a field holds one.
    const outsider = await signUpWithWorkspace(t, "他社の監査");
    const theirStaff = await addStaff(t, outsider.workspace.id, "member");
    const theirGroup = await t.api.call(
      newGroupContract,
      {
        body: {
          workspace_id: outsider.workspace.id,
          name: "他社の秘密の部署",
        },
      },
      { token: outsider.tokens.access_token },
    );
    await t.ctx.db.insert(auditLogs).values({
      workspaceId: w.workspaceId,
      actorUserId: null,
      entity: "task",
      entityId: theirGroup.body.id,
      action: "updated",
      before: { assignee_id: theirStaff.staffId, group_id: theirGroup.body.id },
      after: { assignee_id: w.memberId, group_id: null },
      detail: null,
    });
    const [forged] = (await log(w, { entity: "task" })).items;
    expect(forged!.entity_label).toBeNull();
    expect(forged!.names).toEqual({ [w.memberId]: "鈴木　一郎" });
    expect(JSON.stringify(forged)).not.toContain("他社の秘密の部署");
  });

  it("answers the log once tasks have comments and watchers, naming them, and a row it does not know shows as stored", async () => {
    const w = await world();
    const task = await t.api.call(
      newTaskContract,
      {
        body: {
          workspace_id: w.workspaceId,
          title: "見積書を送る",
          assignee_id: w.memberId,
        },
      },
      { token: w.admin },
    );
    expect(task.status).toBe(201);
    const comment = await t.api.call(
      newTaskCommentContract,
      {
        params: { id: task.body.id },
        body: {
          body: "<p>先方に確認しました</p>",
        },
      },
      { token: w.member },
    );
    expect(comment.status).toBe(201);
    expect(
      (await t.api.call(putTaskWatcherContract, { params: { id: task.body.id } }, { token: w.admin })).status,
    ).toBe(200);

    const entries = (await log(w)).items;
    const commented = entries.find((entry) => entry.entity === "task_comment");
    expect(commented).toMatchObject({
      action: "created",
      actor: { id: w.memberId },
      entity_label: "見積書を送る：鈴木　一郎",
      after: { body: "<p>先方に確認しました</p>", task_id: task.body.id },
    });
    expect(commented!.names).toMatchObject({ [task.body.id]: "見積書を送る", [w.memberId]: "鈴木　一郎" });
    expect(entries.find((entry) => entry.entity === "task_watcher")).toMatchObject({
      action: "created",
      actor: { id: w.adminId },
      entity_label: expect.stringMatching(/^見積書を送る：/),
    });
    expect((await log(w, { entity: "task_comment" })).total).toBe(1);

    // A row written by a newer version (an entity and an action this one does not list) is shown as stored,
    // and the rest of the page with it.
    await t.ctx.db.insert(auditLogs).values({
      workspaceId: w.workspaceId,
      actorUserId: null,
      entity: "task_reaction",
      entityId: randomUUID(),
      action: "archived",
      after: { emoji: "👍" },
    });
    const page = await log(w);
    expect(page.items[0]).toMatchObject({ entity: "task_reaction", action: "archived", after: { emoji: "👍" } });
    expect(page.items.some((entry) => entry.entity === "task_comment")).toBe(true);

    const csv = await t.app.inject({
      method: "GET",
      url: `/app/audit-log/export.csv?workspace_id=${w.workspaceId}`,
      headers: { authorization: `Bearer ${w.owner}` },
    });
    expect(csv.statusCode).toBe(200);
    const text = csv.rawPayload.subarray(3).toString("utf8");
    expect(text).toContain(",タスクのコメント,見積書を送る：鈴木　一郎,作成,");
    expect(text).toContain(",タスクのウォッチ,");
    expect(text).toContain(",task_reaction,,archived,");
  });

  it("lists in its contract every entity and action the database's audit triggers and operator events can write", async () => {
    // The triggers are created by migrations (SQL), the contract is TypeScript: the catalog is where they meet.
    const triggers = await t.ctx.db.execute<{ table: string; definition: string }>(sql`
      select c.relname as table, pg_get_triggerdef(tg.oid) as definition
      from pg_trigger tg
      join pg_class c on c.oid = tg.tgrelid
      join pg_proc p on p.oid = tg.tgfoid
      where p.proname = 'tasuki_audit' and not tg.tgisinternal`);
    const rows = (triggers as unknown as { rows: { table: string; definition: string }[] }).rows;
    const entities = rows.map((row) => /tasuki_audit\('([a-z_]+)'\)/.exec(row.definition)?.[1] ?? row.definition);
    expect(entities.length).toBeGreaterThan(20);
    expect(entities).toContain("task_comment");
    expect(entities.filter((entity) => !(AUDIT_ENTITIES as readonly string[]).includes(entity))).toEqual([]);

    const source = await t.ctx.db.execute<{ source: string }>(
      sql`select prosrc as source from pg_proc where proname = 'tasuki_audit'`,
    );
    const [body] = (source as unknown as { rows: { source: string }[] }).rows;
    // Every value the function gives `op`, which it writes as the action.
    const actions = [...body!.source.matchAll(/(?:op :=|THEN|ELSE)\s+'([a-z_]+)'/g)].map((match) => match[1]!);
    expect(new Set(actions)).toEqual(new Set(["created", "updated", "deleted", "restored"]));
    expect(actions.filter((action) => !(AUDIT_ACTIONS as readonly string[]).includes(action))).toEqual([]);

    // Every column the trigger copies has a name on screen (ids of the row and its workspace are not shown).
    const skipped = /key IN \(([^)]*)\)/.exec(body!.source)![1]!.match(/[a-z_]+/g)!;
    const columns = await t.ctx.db.execute<{ table: string; column: string }>(sql`
      select table_name as table, column_name as column from information_schema.columns
      where table_schema = current_schema() and table_name in (${sql.join(
        rows.map((row) => sql`${row.table}`),
        sql`, `,
      )})`);
    const unnamed = (columns as unknown as { rows: { table: string; column: string }[] }).rows
      .filter(({ column }) => !["id", "workspace_id", ...skipped].includes(column))
      .filter(({ column }) => !/_hash$|token|secret|password/.test(column))
      .filter(({ column }) => !(column in AUDIT_FIELD_LABELS))
      .map(({ table, column }) => `${table}.${column}`);
    expect(unnamed).toEqual([]);

    // Operator events (sign-up, sign-in, renewal, errors) are written by the API; each one it wrote is listed too.
    const w = await world();
    await t.api.call(loginWithEmailContract, { body: { email: w.adminEmail, password: PASSWORD } });
    const written = await t.ctx.db
      .selectDistinct({ entity: auditLogs.entity, action: auditLogs.action })
      .from(auditLogs)
      .where(sql`${auditLogs.workspaceId} is null`);
    for (const row of written) {
      expect(AUDIT_ENTITIES).toContain(row.entity);
      expect(AUDIT_ACTIONS).toContain(row.action);
    }
  });

  it("never copies secrets, and refuses to change or remove a row", async () => {
    const w = await world();
    const invited = await t.api.call(
      newWorkspaceUserContract,
      {
        body: {
          workspace_id: w.workspaceId,
          email: uniqueEmail("invitee"),
          last_name: "招待",
          first_name: "花子",
        },
      },
      { token: w.owner },
    );
    expect(invited.status).toBe(201);
    const [created] = (await log(w, { entity: "workspace_user", action: "created" })).items;
    expect(created!.after).toMatchObject({ last_name: "招待", status: "invited" });
    expect(JSON.stringify(created)).not.toMatch(/token|hash/);

    await expect(t.ctx.db.execute(sql`update audit_logs set action = 'x'`)).rejects.toThrow();
    await expect(t.ctx.db.execute(sql`delete from audit_logs`)).rejects.toThrow();
    expect((await log(w)).total).toBeGreaterThan(0);
  });

  it("shows the sign-ins of the workspace's staff, and keeps operator events without a workspace", async () => {
    const w = await world();
    const login = await t.api.call(loginWithEmailContract, {
      body: {
        email: w.adminEmail,
        password: PASSWORD,
      },
    });
    expect(login.status).toBe(200);
    const logins = (await log(w, { entity: "session" })).items;
    expect(logins[0]).toMatchObject({ action: "login", actor: { id: w.adminId } });
    // Sign-up and token renewal are the operator's: in the table, not on a workspace's page.
    const renewed = await t.api.call(renewTokenContract, { body: { refresh_token: login.body.refresh_token } });
    expect(renewed.status).toBe(200);
    const operator = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, "token_renewal"));
    expect(operator.length).toBeGreaterThan(0);
    expect(operator[0]).toMatchObject({ workspaceId: null, entity: "session" });
    expect(operator[0]!.detail).toMatchObject({ method: "refresh_token", request_id: expect.any(String) });
    expect((await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, "signup"))).length).toBeGreaterThan(0);
    expect((await log(w, { action: "login" })).items.every((entry) => entry.entity === "session")).toBe(true);
  });

  it("filters by actor, entity, action and Tokyo dates, pages, and refuses members, outsiders and bad input", async () => {
    const w = await world();
    for (const name of ["A", "B", "C"]) {
      await t.api.call(newGroupContract, { body: { workspace_id: w.workspaceId, name } }, { token: w.admin });
    }
    const byAdmin = await log(w, { actor_id: w.adminId, entity: "group", per_page: "2" });
    expect(byAdmin.total).toBe(3);
    expect(byAdmin.items.map((entry) => entry.after?.name)).toEqual(["C", "B"]);
    expect((await log(w, { actor_id: w.memberId, entity: "group" })).total).toBe(0);
    expect((await log(w, { entity: "group", from: "2000-01-01", to: "2000-12-31" })).total).toBe(0);
    // The Tokyo days the entries were written on, by the database's clock (two when the run crossed midnight).
    const days = (await log(w, { entity: "group" })).items.map((entry) => tokyoDate(entry.created_at)).sort();
    const [first, last] = [days[0]!, days.at(-1)!];
    expect((await log(w, { entity: "group", from: first, to: last })).total).toBe(3);
    expect((await log(w, { entity: "group", from: addDays(last, 1), to: addDays(last, 1) })).total).toBe(0);
    expect((await log(w, {}, w.admin)).total).toBeGreaterThan(0);

    expectError(
      await t.api.call(listAuditLogsContract, { query: { workspace_id: w.workspaceId } }, { token: w.member }),
      403,
    );
    expectError(
      await t.api.call(listAuditLogsContract, { query: { workspace_id: w.workspaceId } }, { token: w.outsider }),
      404,
    );
    expectError(
      await t.api.call(exportAuditLogContract, { query: { workspace_id: w.workspaceId } }, { token: w.member }),
      403,
    );
    expectError(
      await t.api.raw({
        method: "GET",
        url: `/app/audit-log/list?workspace_id=${w.workspaceId}&entity=password`,
        token: w.owner,
      }),
      400,
    );
    expectError(
      await t.api.call(
        listAuditLogsContract,
        { query: { workspace_id: w.workspaceId, from: "2026-02-01", to: "2026-01-01" } },
        { token: w.owner },
      ),
      400,
      "invalid_date_range",
    );
    expectError(
      await t.api.call(
        listAuditLogsContract,
        { query: { workspace_id: w.workspaceId, actor_id: randomUUID() } },
        { token: w.owner },
      ),
      404,
    );
  });

  it("exports the filtered log as CSV with a BOM, safe from spreadsheet formulas", async () => {
    const w = await world();
    await t.api.call(
      newGroupContract,
      { body: { workspace_id: w.workspaceId, name: '=HYPERLINK("x")' } },
      { token: w.admin },
    );
    const res = await t.app.inject({
      method: "GET",
      url: `/app/audit-log/export.csv?workspace_id=${w.workspaceId}&entity=group`,
      headers: { authorization: `Bearer ${w.owner}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toContain(encodeURIComponent("監査ログ.csv"));
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.rawPayload.subarray(3).toString("utf8");
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("日時,操作者,対象,対象名,操作,変更内容,ID");
    expect(lines[1]).toContain(",鈴木　一郎,グループ,");
    expect(lines[1]).toContain(",作成,");
    // The name starts with "=": Excel must see text, not a formula.
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(text).not.toMatch(/,=HYPERLINK/);
  });
});
