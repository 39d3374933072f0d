import { newPrimaryItemContract } from "@tasuki/contract/primary-item/primary-item.contracts";
import { newProjectContract } from "@tasuki/contract/project/project.contracts";
import type { RecurrenceRuleInput } from "@tasuki/contract/task/recurrence.schema";
import {
  deleteTaskContract,
  getTaskContract,
  listMyTasksContract,
  listTasksContract,
  newTasksContract,
  putTaskStatusContract,
} from "@tasuki/contract/task/task.contracts";
import { putTaskPeriodicContract } from "@tasuki/contract/task/task-periodic.contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTaskWorld, type TaskWorld } from "../../../test/task-world.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { workspaceUsers } from "../../db/schema/workspaces.ts";

// The list routes answer JSON text written by the database (task.repository taskPageQuery, lib/json-text.ts), not
// an object checked and serialised by the contract: these tests hold that text to the contract's schema and to
// `present`, the mapping every other task answer goes through (GET /app/task/{id}).

let t: TestApp;
beforeAll(async () => {
  // 2026-11-22 09:00 in Tokyo.
  t = await createTestApp({ start: new Date("2026-11-22T00:00:00Z") });
});
afterAll(async () => {
  await t.close();
});

const AVATAR_ID = "01900000-0000-7000-8000-0000000000a1";

/** Tasks that together give every field of a task both ways (null and set), in a workspace of their own. */
async function variedTasks(w: TaskWorld) {
  // An avatar on the assignee (a staff reference with an image URL); the manager has none.
  await t.ctx.db.update(workspaceUsers).set({ avatarImageId: AVATAR_ID }).where(eq(workspaceUsers.id, w.assigneeId));
  const project = await t.api.call(
    newProjectContract,
    { body: { workspace_id: w.workspaceId, name: "新製品" } },
    { token: w.owner },
  );
  const primary = await t.api.call(
    newPrimaryItemContract,
    {
      body: {
        workspace_id: w.workspaceId,
        project_id: project.body.id,
        name: "準備",
      },
    },
    { token: w.owner },
  );
  const created = await t.api.call(
    newTasksContract,
    {
      body: {
        workspace_id: w.workspaceId,
        items: [
          {
            title: '全部入り「引用符」"と\\と改行\nと絵文字😀',
            description: "<p>説明</p>",
            priority: "high",
            starts_at: "2026-11-20",
            expires_at: "2026-11-22T09:30:00+09:00",
            assignee_id: w.assigneeId,
            manager_id: w.managerId,
            primary_item_id: primary.body.id,
            is_public: true,
            notification: { remind: "days_before", days: 2, channels: { email: true } },
          },
          { title: "期限切れ", expires_at: "2026-11-21", assignee_id: w.assigneeId },
          { title: "三日以内", expires_at: "2026-11-24", assignee_id: w.assigneeId, manager_id: w.managerId },
          { title: "一週間以内", expires_at: "2026-11-28", assignee_id: w.assigneeId },
          { title: "先の話", expires_at: "2027-03-01", assignee_id: w.assigneeId },
          { title: "期限なし", assignee_id: w.assigneeId, notification: { remind: "none", channels: {} } },
          { title: "担当者なし", manager_id: w.managerId, expires_at: "2026-11-23" },
          { title: "完了済み", assignee_id: w.assigneeId, expires_at: "2026-11-22" },
          { title: "ゴミ箱", assignee_id: w.assigneeId },
        ],
      },
    },
    { token: w.owner },
  );
  expect(created.status).toBe(201);
  const [, , , , future, , , done, trashed] = created.body.items as { id: string }[];
  expect(
    (
      await t.api.call(
        putTaskPeriodicContract,
        { params: { id: future!.id }, body: { rule: mondays } },
        { token: w.owner },
      )
    ).status,
  ).toBe(200);
  expect(
    (
      await t.api.call(
        putTaskStatusContract,
        { params: { id: done!.id }, body: { status: "done" } },
        { token: w.assignee },
      )
    ).status,
  ).toBe(200);
  expect((await t.api.call(deleteTaskContract, { params: { id: trashed!.id } }, { token: w.assignee })).status).toBe(
    200,
  );
}

const mondays: RecurrenceRuleInput = {
  frequency: "weekly",
  weekdays: [1],
  start_date: "2027-01-01",
  holiday_handling: "next_business_day",
};

type Item = { id: string; [key: string]: unknown };

/**
 * The page must be exactly what the contract describes (parsing it changes nothing: no key stripped, none added
 * by a default, no value transformed), and each task exactly what GET /app/task/{id} answers for it.
 */
async function expectServedShape(
  url: string,
  token: string,
  schema: typeof listTasksContract.response | typeof listMyTasksContract.response,
) {
  const res = await t.api.raw({ method: "GET", url, token });
  expect(res.status).toBe(200);
  expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
  const parsed = schema.safeParse(res.body);
  expect(parsed.error).toBeUndefined();
  expect(parsed.data).toStrictEqual(res.body);
  const items = res.body.items as Item[];
  for (const item of items) {
    const detail = await t.api.call(getTaskContract, { params: { id: item.id } }, { token });
    const { status_history: _, ...task } = detail.body as Item;
    expect(item).toStrictEqual(task);
  }
  return res.body as { items: Item[]; total: number };
}

const titles = (page: { items: Item[] }) => page.items.map((item) => item.title);

describe("task list pages as served", () => {
  it("answer the contract's shape and the same tasks, field for field, as the task's own page", async () => {
    const w = await createTaskWorld(t, "株式会社一覧形状");
    await variedTasks(w);
    const list = (query: string) => `/app/task/list?workspace_id=${w.workspaceId}&${query}`;
    const listMine = `/app/task/me/list?workspace_id=${w.workspaceId}`;

    const mine = await expectServedShape(listMine, w.assignee, listMyTasksContract.response);
    // The periodic task's occurrences within the 60-day horizon (2027-01-04, 12, 18) come before it, with its title.
    const later = Array.from({ length: 4 }, () => "先の話");
    expect(titles(mine)).toEqual([
      "期限切れ",
      '全部入り「引用符」"と\\と改行\nと絵文字😀',
      "三日以内",
      "一週間以内",
      ...later,
      "期限なし",
    ]);
    expect(mine.total).toBe(9);
    expect(mine.items.map((item) => item.deadline_category)).toEqual([
      "expiredDeadline",
      "nowDeadline",
      "nearDeadline",
      "weekDeadline",
      ...later.map(() => null),
      null,
    ]);
    expect(mine.items[1]).toMatchObject({
      assignee: { id: w.assigneeId, avatar_url: `/app/image/${AVATAR_ID}` },
      manager: { id: w.managerId, avatar_url: null },
      has_notification: true,
      starts_at: "2026-11-19T15:00:00.000Z",
      expires_at: "2026-11-22T00:30:00.000Z",
    });
    expect(mine.items[4]!.occurrence_date).toBe("2027-01-04");
    expect(mine.items[7]!.periodic_rule).not.toBeNull();
    expect(mine.items[8]).toMatchObject({ manager: null, has_notification: false, expires_at: null });

    // The prepared first pages (me, management) and the built queries (filters, trash, public, project).
    const me = await expectServedShape(list("tab=me"), w.assignee, listTasksContract.response);
    expect(me.total).toBe(10);
    const managed = await expectServedShape(list("tab=management"), w.manager, listTasksContract.response);
    expect(titles(managed)).toEqual(['全部入り「引用符」"と\\と改行\nと絵文字😀', "担当者なし", "三日以内"]);
    expect(managed.items[1]!.assignee).toBeNull();
    const filtered = await expectServedShape(
      list("tab=me&status=done&from=2026-11-01&to=2026-11-30"),
      w.assignee,
      listTasksContract.response,
    );
    expect(titles(filtered)).toEqual(["完了済み"]);
    const trash = await expectServedShape(list("tab=me&trash=true"), w.assignee, listTasksContract.response);
    expect(trash.items.map((item) => [item.title, typeof item.deleted_at])).toEqual([["ゴミ箱", "string"]]);
    const open = await expectServedShape(list("tab=public"), w.other, listTasksContract.response);
    expect(titles(open)).toEqual(['全部入り「引用符」"と\\と改行\nと絵文字😀']);
  });

  it("answer an empty page with the count past the last page, and nothing for a workspace of no tasks", async () => {
    const w = await createTaskWorld(t, "株式会社一覧頁");
    await variedTasks(w);
    const beyond = await expectServedShape(
      `/app/task/me/list?workspace_id=${w.workspaceId}&page=3&per_page=5`,
      w.assignee,
      listMyTasksContract.response,
    );
    expect(beyond).toEqual({ items: [], total: 9 });
    const second = await expectServedShape(
      `/app/task/list?workspace_id=${w.workspaceId}&tab=me&page=2&per_page=5`,
      w.assignee,
      listTasksContract.response,
    );
    expect(second.items).toHaveLength(5);
    expect(second.total).toBe(10);
    const empty = await expectServedShape(
      `/app/task/me/list?workspace_id=${w.workspaceId}`,
      w.other,
      listMyTasksContract.response,
    );
    expect(empty).toEqual({ items: [], total: 0 });
  });
});
