import type { ContractBody, ContractQuery } from "@tasuki/contract/common/define-contract";
import {
  deletePrimaryItemContract,
  newPrimaryItemContract,
  restorePrimaryItemContract,
} from "@tasuki/contract/primary-item/primary-item.contracts";
import { newProjectContract } from "@tasuki/contract/project/project.contracts";
import { newSecondaryItemContract } from "@tasuki/contract/secondary-item/secondary-item.contracts";
import {
  deleteTaskContract,
  getTaskContract,
  listMyTasksContract,
  listTasksContract,
  newTaskContract,
  newTasksContract,
  putTaskStatusContract,
  restoreTaskContract,
  updateTaskContract,
} from "@tasuki/contract/task/task.contracts";
import type { TaskStatus, TaskTab } from "@tasuki/contract/task/task.schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countQueries } from "../../../test/query-counter.ts";
import type { Answer } from "../../../test/support/api-client.ts";
import { createTaskWorld, expectError, type TaskWorld } from "../../../test/task-world.ts";
import { addStaff, createTestApp, type TestApp } from "../../../test/test-app.ts";
import { taskStatusChanges, tasks } from "../../db/schema/tasks.ts";
import { groupMembers, groups } from "../../db/schema/workspaces.ts";

let t: TestApp;
beforeAll(async () => {
  // 2026-11-22 09:00 in Tokyo.
  t = await createTestApp({ start: new Date("2026-11-22T00:00:00Z") });
});
afterAll(async () => {
  await t.close();
});

const UNKNOWN_ID = "01900000-0000-7000-8000-000000000000";

const world = () => createTaskWorld(t, "株式会社タスク");
type World = TaskWorld;

function newTask(w: World, fields: Partial<ContractBody<typeof newTaskContract>> = {}, token = w.owner) {
  return t.api.ok(
    newTaskContract,
    {
      body: {
        workspace_id: w.workspaceId,
        title: "見積書を作成する",
        assignee_id: w.assigneeId,
        manager_id: w.managerId,
        ...fields,
      },
    },
    { token },
  );
}

const titles = (body: { items: { title: string }[] }) => body.items.map((item) => item.title);
const tab = (
  w: World,
  name: TaskTab,
  token: string,
  query: Omit<ContractQuery<typeof listTasksContract>, "workspace_id" | "tab"> = {},
) => t.api.call(listTasksContract, { query: { workspace_id: w.workspaceId, tab: name, ...query } }, { token });

describe("tasks", () => {
  it("creates a task with a date deadline at 23:59:59 Tokyo, people, notification and a deadline category", async () => {
    const w = await world();
    const task = await newTask(w, {
      expires_at: "2026-11-22",
      priority: "high",
      notification: { remind: "days_before", days: 2, channels: { email: true } },
    });
    expect(task).toMatchObject({
      title: "見積書を作成する",
      status: "none",
      priority: "high",
      expires_at: "2026-11-22T14:59:59.000Z",
      assignee: { id: w.assigneeId, last_name: "鈴木", first_name: "一郎" },
      manager: { id: w.managerId },
      deadline_category: "nowDeadline",
      has_notification: true,
      notification: {
        remind: "days_before",
        days: 2,
        channels: { in_app: true, email: true, slack: false, chatwork: false },
      },
      status_history: [],
      deleted_at: null,
    });
    const read = await t.api.call(getTaskContract, { params: { id: task.id } }, { token: w.assignee });
    expect(read.body.id).toBe(task.id);
  });

  it("lets the assignee, manager, creator and view_all_tasks see a task; others, guests and other companies get 404", async () => {
    const w = await world();
    const task = await newTask(w, {}, w.other);
    for (const token of [w.owner, w.assignee, w.manager, w.other]) {
      expect((await t.api.call(getTaskContract, { params: { id: task.id } }, { token })).status).toBe(200);
    }
    const stranger = (await addStaff(t, w.workspaceId, "member")).tokens.access_token;
    expectError(await t.api.call(getTaskContract, { params: { id: task.id } }, { token: stranger }), 404);
    expectError(await t.api.call(getTaskContract, { params: { id: task.id } }, { token: w.guest }), 404);
    expectError(await t.api.call(getTaskContract, { params: { id: task.id } }, { token: w.outsider }), 404);
    expectError(
      await t.api.call(updateTaskContract, { params: { id: task.id }, body: { title: "x" } }, { token: w.outsider }),
      404,
    );
    expectError(await t.api.call(getTaskContract, { params: { id: UNKNOWN_ID } }, { token: w.owner }), 404);
    expectError(await t.api.raw({ method: "GET", url: `/app/task/${task.id}` }), 401);
    // Public: everyone of the workspace sees it, a guest only when it is theirs.
    await t.api.call(updateTaskContract, { params: { id: task.id }, body: { is_public: true } }, { token: w.other });
    expect((await t.api.call(getTaskContract, { params: { id: task.id } }, { token: stranger })).status).toBe(200);
    expectError(await t.api.call(getTaskContract, { params: { id: task.id } }, { token: w.guest }), 404);
    await t.api.call(
      updateTaskContract,
      { params: { id: task.id }, body: { assignee_id: w.guestId } },
      { token: w.other },
    );
    expect((await t.api.call(getTaskContract, { params: { id: task.id } }, { token: w.guest })).status).toBe(200);
  });

  it("lets only the creator, assignee, manager or view_all_tasks edit; guests may not create", async () => {
    const w = await world();
    const task = await newTask(w, { is_public: true });
    expectError(
      await t.api.call(
        updateTaskContract,
        { params: { id: task.id }, body: { title: "乗っ取り" } },
        { token: w.other },
      ),
      403,
    );
    expectError(await t.api.call(deleteTaskContract, { params: { id: task.id } }, { token: w.other }), 403);
    expectError(
      await t.api.call(newTaskContract, { body: { workspace_id: w.workspaceId, title: "x" } }, { token: w.guest }),
      403,
    );
    const edited = await t.api.call(
      updateTaskContract,
      {
        params: { id: task.id },
        body: {
          title: "見積書を送付する",
          priority: "low",
        },
      },
      { token: w.manager },
    );
    expect(edited.body).toMatchObject({ title: "見積書を送付する", priority: "low", assignee: { id: w.assigneeId } });
    const [row] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row!.title).toBe("見積書を送付する");
  });

  it("refuses ids of another workspace in the body and bad input, writing nothing", async () => {
    const w = await world();
    const foreignStaff = await addStaff(t, w.outsiderWorkspaceId, "member");
    const foreignProject = await t.api.call(
      newProjectContract,
      {
        body: {
          workspace_id: w.outsiderWorkspaceId,
          name: "他社案件",
        },
      },
      { token: w.outsider },
    );
    const base = { workspace_id: w.workspaceId, title: "x" };
    expectError(
      await t.api.call(newTaskContract, { body: { ...base, assignee_id: foreignStaff.staffId } }, { token: w.owner }),
      404,
      "staff_not_found",
    );
    expectError(
      await t.api.call(newTaskContract, { body: { ...base, project_id: foreignProject.body.id } }, { token: w.owner }),
      404,
    );
    expectError(
      await t.api.call(newTaskContract, { body: { ...base, group_id: UNKNOWN_ID } }, { token: w.owner }),
      404,
      "group_not_found",
    );
    expectError(await t.api.call(newTaskContract, { body: { ...base, title: " " } }, { token: w.owner }), 400);
    expectError(
      await t.api.raw({
        method: "POST",
        url: "/app/task/new",
        token: w.owner,
        payload: { ...base, priority: "urgent" },
      }),
      400,
    );
    expectError(
      await t.api.call(newTaskContract, { body: { ...base, expires_at: "2026/11/30" } }, { token: w.owner }),
      400,
    );
    expectError(
      await t.api.call(
        newTaskContract,
        { body: { ...base, starts_at: "2026-12-01", expires_at: "2026-11-30" } },
        { token: w.owner },
      ),
      400,
      "invalid_date_range",
    );
    expectError(
      await t.api.call(
        newTaskContract,
        { body: { ...base, notification: { remind: "days_before", channels: {} } } },
        { token: w.owner },
      ),
      400,
    );
    const rows = await t.ctx.db.select().from(tasks).where(eq(tasks.workspaceId, w.workspaceId));
    expect(rows).toEqual([]);
    const task = await newTask(w);
    expectError(
      await t.api.call(
        updateTaskContract,
        { params: { id: task.id }, body: { manager_id: foreignStaff.staffId } },
        { token: w.owner },
      ),
      404,
    );
    expectError(
      await t.api.raw({ method: "PATCH", url: `/app/task/${task.id}`, token: w.owner, payload: { status: "done" } }),
      400,
    );
    const [row] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row!.managerId).toBe(w.managerId);
  });

  it("places a task under items of its project and refuses items of another project", async () => {
    const w = await world();
    const project = await t.api.call(
      newProjectContract,
      { body: { workspace_id: w.workspaceId, name: "案件A" } },
      { token: w.owner },
    );
    const otherProject = await t.api.call(
      newProjectContract,
      { body: { workspace_id: w.workspaceId, name: "案件B" } },
      { token: w.owner },
    );
    const primary = await t.api.call(
      newPrimaryItemContract,
      {
        body: {
          workspace_id: w.workspaceId,
          project_id: project.body.id,
          name: "設計",
        },
      },
      { token: w.owner },
    );
    const secondary = await t.api.call(
      newSecondaryItemContract,
      {
        body: {
          workspace_id: w.workspaceId,
          primary_item_id: primary.body.id,
          name: "画面設計",
        },
      },
      { token: w.owner },
    );
    const task = await newTask(w, { secondary_item_id: secondary.body.id });
    expect(task).toMatchObject({
      project_id: project.body.id,
      primary_item_id: primary.body.id,
      secondary_item_id: secondary.body.id,
    });
    expectError(
      await t.api.call(
        newTaskContract,
        {
          body: {
            workspace_id: w.workspaceId,
            title: "x",
            project_id: otherProject.body.id,
            primary_item_id: primary.body.id,
          },
        },
        { token: w.owner },
      ),
      400,
      "item_mismatch",
    );
    // Deleting the primary item hides the task; restoring the item brings it back.
    await t.api.call(deletePrimaryItemContract, { params: { id: primary.body.id } }, { token: w.owner });
    expect(
      (await t.api.call(getTaskContract, { params: { id: task.id } }, { token: w.owner })).body.deleted_at,
    ).not.toBeNull();
    await t.api.call(restorePrimaryItemContract, { params: { id: primary.body.id } }, { token: w.owner });
    expect(
      (await t.api.call(getTaskContract, { params: { id: task.id } }, { token: w.owner })).body.deleted_at,
    ).toBeNull();
  });

  it("follows the status rules and records every change", async () => {
    const w = await world();
    const task = await newTask(w);
    const status = (token: string, to: TaskStatus) =>
      t.api.call(putTaskStatusContract, { params: { id: task.id }, body: { status: to } }, { token });
    expectError(await status(w.manager, "in_progress"), 403);
    expectError(await status(w.other, "in_progress"), 404);
    expectError(await status(w.assignee, "closed"), 409, "invalid_status_transition");
    // completed_at (what analytics counts as the completion) follows the last move to 完了 of a task still completed.
    const completedAt = async () =>
      (await t.ctx.db.select().from(tasks).where(eq(tasks.id, task.id)))[0]!.completedAt?.toISOString() ?? null;
    expect((await status(w.assignee, "in_progress")).body.status).toBe("in_progress");
    expect(await completedAt()).toBeNull();
    t.advance(60 * 1000);
    const doneAt = t.ctx.now().toISOString();
    expect((await status(w.assignee, "done")).body.status).toBe("done");
    expect(await completedAt()).toBe(doneAt);
    expectError(await status(w.assignee, "closed"), 403);
    t.advance(60 * 1000);
    const closed = await status(w.manager, "closed");
    expect(closed.body.status).toBe("closed");
    expect(await completedAt()).toBe(doneAt);
    expectError(await status(w.manager, "done"), 409);
    expect((await status(w.owner, "in_progress")).body.status).toBe("in_progress");
    expect(await completedAt()).toBeNull();
    const detail = await t.api.call(getTaskContract, { params: { id: task.id } }, { token: w.assignee });
    expect(detail.body.status_history.map((c: { from: string; to: string }) => `${c.from}>${c.to}`).sort()).toEqual(
      ["closed>in_progress", "done>closed", "in_progress>done", "none>in_progress"].sort(),
    );
    expect(detail.body.status_history[0]!.changed_by).toMatchObject({ last_name: expect.any(String) });
    const changes = await t.ctx.db.select().from(taskStatusChanges).where(eq(taskStatusChanges.taskId, task.id));
    expect(changes).toHaveLength(4);
  });

  it("shows each user the right tasks in each tab, deadline first and undated last", async () => {
    const w = await world();
    const [group] = await t.ctx.db.insert(groups).values({ workspaceId: w.workspaceId, name: "営業部" }).returning();
    await t.ctx.db
      .insert(groupMembers)
      .values({ workspaceId: w.workspaceId, groupId: group!.id, workspaceUserId: w.otherId });
    await newTask(w, { title: "期限なし" });
    await newTask(w, { title: "来週", expires_at: "2026-11-28" });
    await newTask(w, { title: "明日", expires_at: "2026-11-23" });
    await newTask(w, { title: "公開", is_public: true, assignee_id: null, manager_id: null });
    await newTask(w, { title: "営業部", group_id: group!.id, assignee_id: w.otherId, manager_id: null });

    expect(titles((await tab(w, "me", w.assignee)).body)).toEqual(["明日", "来週", "期限なし"]);
    expect(titles((await tab(w, "management", w.manager)).body)).toEqual(["明日", "来週", "期限なし"]);
    expect(titles((await tab(w, "me", w.manager)).body)).toEqual([]);
    expect(titles((await tab(w, "group", w.other)).body)).toEqual(["営業部"]);
    expect(titles((await tab(w, "group", w.assignee)).body)).toEqual([]);
    expect(titles((await tab(w, "public", w.assignee)).body)).toEqual(["公開"]);
    expect(titles((await tab(w, "public", w.guest)).body)).toEqual([]);
    const mine = await tab(w, "me", w.assignee);
    expect(mine.body.total).toBe(3);
    expect(mine.body.items.map((item: { deadline_category: string | null }) => item.deadline_category)).toEqual([
      "nearDeadline",
      "weekDeadline",
      null,
    ]);
    // Filters: date range (undated tasks leave), priority, text, paging.
    expect(titles((await tab(w, "me", w.assignee, { from: "2026-11-22", to: "2026-11-23" })).body)).toEqual(["明日"]);
    expect(titles((await tab(w, "me", w.assignee, { priority: "high,middle" })).body)).toEqual([]);
    expect(titles((await tab(w, "me", w.assignee, { q: "来" })).body)).toEqual(["来週"]);
    const page = await tab(w, "me", w.assignee, { per_page: "1", page: "2" });
    expect(page.body).toMatchObject({ total: 3 });
    expect(titles(page.body)).toEqual(["来週"]);
    expectError(await tab(w, "me", w.assignee, { per_page: "1000" }), 400);
    expectError(await tab(w, "project", w.assignee), 400, "project_required");
    expectError(await tab(w, "me", w.outsider), 404);

    // The clock moves (less than an access token lives): a deadline in five minutes becomes overdue.
    const soon = await newTask(w, { title: "まもなく", expires_at: "2026-11-22T09:05:00+09:00" });
    expect(soon.deadline_category).toBe("nowDeadline");
    t.advance(6 * 60 * 1000);
    const later = await tab(w, "me", w.assignee);
    expect(later.body.items[0]).toMatchObject({ title: "まもなく", deadline_category: "expiredDeadline" });
  });

  it("answers the caller's own open tasks on /me/list", async () => {
    const w = await world();
    const done = await newTask(w, { title: "終わった" });
    await newTask(w, { title: "残り", expires_at: "2026-12-01" });
    await t.api.call(
      putTaskStatusContract,
      { params: { id: done.id }, body: { status: "done" } },
      { token: w.assignee },
    );
    const res = await t.api.call(
      listMyTasksContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.assignee },
    );
    expect(res.body).toMatchObject({ total: 1 });
    expect(titles(res.body)).toEqual(["残り"]);
  });

  it("moves a task to the trash and back", async () => {
    const w = await world();
    const task = await newTask(w);
    expect((await t.api.call(deleteTaskContract, { params: { id: task.id } }, { token: w.assignee })).body).toEqual({
      ok: true,
    });
    expect(titles((await tab(w, "me", w.assignee)).body)).toEqual([]);
    expect(titles((await tab(w, "me", w.assignee, { trash: "true" })).body)).toEqual(["見積書を作成する"]);
    expectError(
      await t.api.call(updateTaskContract, { params: { id: task.id }, body: { title: "x" } }, { token: w.assignee }),
      409,
      "task_in_trash",
    );
    expectError(await t.api.call(restoreTaskContract, { params: { id: task.id } }, { token: w.other }), 404);
    expect(
      (await t.api.call(restoreTaskContract, { params: { id: task.id } }, { token: w.manager })).body.deleted_at,
    ).toBeNull();
    expect(titles((await tab(w, "me", w.assignee)).body)).toEqual(["見積書を作成する"]);
  });

  it("refuses an item of a project the caller may not see, even without naming the project", async () => {
    const w = await world();
    const hidden = await t.api.call(
      newProjectContract,
      { body: { workspace_id: w.workspaceId, name: "極秘" } },
      { token: w.owner },
    );
    const primary = await t.api.call(
      newPrimaryItemContract,
      {
        body: {
          workspace_id: w.workspaceId,
          project_id: hidden.body.id,
          name: "極秘の大項目",
        },
      },
      { token: w.owner },
    );
    expectError(
      await t.api.call(
        newTaskContract,
        {
          body: {
            workspace_id: w.workspaceId,
            title: "x",
            primary_item_id: primary.body.id,
          },
        },
        { token: w.other },
      ),
      404,
    );
    const mine = await newTask(w, {}, w.other);
    expectError(
      await t.api.call(
        updateTaskContract,
        { params: { id: mine.id }, body: { primary_item_id: primary.body.id } },
        { token: w.other },
      ),
      404,
    );
    const [row] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, mine.id));
    expect(row!.primaryItemId).toBeNull();
  });

  it("answers a page in a fixed number of queries, whatever its size", async () => {
    const w = await world();
    await t.api.call(
      newTasksContract,
      {
        body: {
          workspace_id: w.workspaceId,
          items: Array.from({ length: 30 }, (_, i) => ({
            title: `タスク${i}`,
            assignee_id: i % 2 ? w.assigneeId : w.otherId,
            manager_id: w.managerId,
            expires_at: `2026-12-${String((i % 28) + 1).padStart(2, "0")}`,
          })),
        },
      },
      { token: w.owner },
    );
    const queriesFor = async (perPage: number) => {
      let res: Answer<typeof listTasksContract> | undefined;
      const count = await countQueries(t.ctx.database, async () => {
        res = await t.api.call(
          listTasksContract,
          { query: { workspace_id: w.workspaceId, tab: "management", per_page: perPage } },
          { token: w.manager },
        );
      });
      expect(res!.body.items).toHaveLength(perPage);
      expect(res!.body.total).toBe(30);
      return count;
    };
    const few = await queriesFor(2);
    // The session with its membership, then the page with its count as one statement (both prepared): counted at
    // the driver.
    expect(few).toBe(2);
    expect(await queriesFor(25)).toBe(few);
  });
});
