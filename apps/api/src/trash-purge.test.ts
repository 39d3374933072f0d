/**
 * The daily trash purge on a fixed clock: what went to the trash more than 30 days ago is deleted for good,
 * children before parents; anything younger stays restorable.
 */
import { loginWithEmailContract } from "@tasuki/contract/auth/login-with-email.contract";
import {
  deletePrimaryItemContract,
  newPrimaryItemContract,
  restorePrimaryItemContract,
} from "@tasuki/contract/primary-item/primary-item.contracts";
import { deleteProjectContract, newProjectContract } from "@tasuki/contract/project/project.contracts";
import { newSecondaryItemContract } from "@tasuki/contract/secondary-item/secondary-item.contracts";
import {
  deleteTaskContract,
  getTaskContract,
  newTaskContract,
  putTaskStatusContract,
  restoreTaskContract,
} from "@tasuki/contract/task/task.contracts";
import { putTaskPeriodicContract } from "@tasuki/contract/task/task-periodic.contract";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForJob } from "../test/job-helpers.ts";
import { createTestApp, PASSWORD, signUpWithWorkspace, type TestApp } from "../test/test-app.ts";
import { purgeTrash } from "./compose-jobs.ts";
import { primaryItems, secondaryItems, taskStatusChanges, tasks } from "./db/schema/tasks.ts";
import { projects } from "./db/schema/workspaces.ts";

// Monday 2027-01-04, 10:00 in Tokyo.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ start: new Date("2027-01-04T01:00:00Z") });
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 60 * 60 * 1000;

async function created(res: { status: number; body: { id: string } }) {
  expect(res.status).toBe(201);
  return res.body.id;
}

async function world() {
  const owner = await signUpWithWorkspace(t, "株式会社ごみ箱");
  const workspace_id = owner.workspace.id;
  // The clock jumps by weeks, past the access token's 30 minutes: each call signs in anew.
  const token = async () => {
    const login = await t.api.call(loginWithEmailContract, { body: { email: owner.email, password: PASSWORD } });
    expect(login.status).toBe(200);
    return login.body.access_token as string;
  };
  const projectId = await created(
    await t.api.call(newProjectContract, { body: { workspace_id, name: "販促企画" } }, { token: await token() }),
  );
  const newTask = async (title: string, parent: object = {}) =>
    created(await t.api.call(newTaskContract, { body: { workspace_id, title, ...parent } }, { token: await token() }));
  return { token, workspace_id, projectId, newTask };
}

const idsIn = async (table: typeof tasks | typeof primaryItems | typeof secondaryItems, ids: string[]) =>
  (await t.ctx.db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((row) => row.id).sort();

describe("trash purge", () => {
  it("deletes what has been in the trash for more than 30 days, children first, and keeps the rest", async () => {
    const w = await world();
    const primary = await created(
      await t.api.call(
        newPrimaryItemContract,
        {
          body: {
            workspace_id: w.workspace_id,
            project_id: w.projectId,
            name: "店頭キャンペーン",
          },
        },
        { token: await w.token() },
      ),
    );
    const secondary = await created(
      await t.api.call(
        newSecondaryItemContract,
        {
          body: {
            workspace_id: w.workspace_id,
            primary_item_id: primary,
            name: "ポスター制作",
          },
        },
        { token: await w.token() },
      ),
    );
    const underItem = await w.newTask("ポスター入稿", { secondary_item_id: secondary });
    const oldTask = await w.newTask("見積書の作成");
    expect(
      (
        await t.api.call(
          putTaskStatusContract,
          { params: { id: oldTask }, body: { status: "in_progress" } },
          { token: await w.token() },
        )
      ).status,
    ).toBe(200);
    const youngTask = await w.newTask("請求書の送付");
    const liveTask = await w.newTask("月次報告");

    // Day 0: the item (with its secondary item and task) and one task go to the trash.
    expect(
      (await t.api.call(deletePrimaryItemContract, { params: { id: primary } }, { token: await w.token() })).status,
    ).toBe(200);
    expect((await t.api.call(deleteTaskContract, { params: { id: oldTask } }, { token: await w.token() })).status).toBe(
      200,
    );
    // Day 20: another task.
    t.advance(20 * DAY);
    expect(
      (await t.api.call(deleteTaskContract, { params: { id: youngTask } }, { token: await w.token() })).status,
    ).toBe(200);

    // Day 30, one hour short of 30 × 24 h after the first deletes: nothing is old enough yet.
    t.advance(10 * DAY - 60 * 60 * 1000);
    expect(await purgeTrash(t.ctx.db, t.ctx.storage, t.ctx.now())).toMatchObject({
      tasks: 0,
      secondaryItems: 0,
      primaryItems: 0,
    });

    // Day 31, through the job as the schedule runs it.
    t.advance(DAY);
    const id = await t.ctx.jobs.enqueue(t.ctx.db, "trash-purge", {});
    const done = await waitForJob(t.ctx.db, id!);
    expect(done.output).toMatchObject({ tasks: 2, secondaryItems: 1, primaryItems: 1, projects: 0 });

    expect(await idsIn(tasks, [underItem, oldTask, youngTask, liveTask])).toEqual([youngTask, liveTask].sort());
    expect(await idsIn(secondaryItems, [secondary])).toEqual([]);
    expect(await idsIn(primaryItems, [primary])).toEqual([]);
    // The status history went with its task.
    expect(await t.ctx.db.select().from(taskStatusChanges).where(eq(taskStatusChanges.taskId, oldTask))).toEqual([]);

    // What is gone answers 404; the younger task can still be restored.
    expect((await t.api.call(getTaskContract, { params: { id: oldTask } }, { token: await w.token() })).status).toBe(
      404,
    );
    expect(
      (await t.api.call(restorePrimaryItemContract, { params: { id: primary } }, { token: await w.token() })).status,
    ).toBe(404);
    expect(
      (await t.api.call(restoreTaskContract, { params: { id: youngTask } }, { token: await w.token() })).status,
    ).toBe(200);

    // A second run finds nothing more.
    expect(await purgeTrash(t.ctx.db, t.ctx.storage, t.ctx.now())).toEqual({
      tasks: 0,
      attachments: 0,
      secondaryItems: 0,
      primaryItems: 0,
      projects: 0,
      meetings: 0,
    });
  });

  it("keeps a parent while a child still refers to it, and purges it once the child has gone", async () => {
    const w = await world();
    const primary = await created(
      await t.api.call(
        newPrimaryItemContract,
        {
          body: {
            workspace_id: w.workspace_id,
            project_id: w.projectId,
            name: "展示会",
          },
        },
        { token: await w.token() },
      ),
    );
    const child = await w.newTask("ブース手配", { primary_item_id: primary });
    expect(
      (await t.api.call(deletePrimaryItemContract, { params: { id: primary } }, { token: await w.token() })).status,
    ).toBe(200);
    // The task comes back on its own (out of the item's batch) and is deleted again ten days later.
    t.advance(DAY);
    expect((await t.api.call(restoreTaskContract, { params: { id: child } }, { token: await w.token() })).status).toBe(
      200,
    );
    t.advance(9 * DAY);
    expect((await t.api.call(deleteTaskContract, { params: { id: child } }, { token: await w.token() })).status).toBe(
      200,
    );

    t.advance(25 * DAY);
    await purgeTrash(t.ctx.db, t.ctx.storage, t.ctx.now());
    expect(await idsIn(primaryItems, [primary])).toEqual([primary]);
    expect(await idsIn(tasks, [child])).toEqual([child]);

    t.advance(6 * DAY);
    await purgeTrash(t.ctx.db, t.ctx.storage, t.ctx.now());
    expect(await idsIn(tasks, [child])).toEqual([]);
    expect(await idsIn(primaryItems, [primary])).toEqual([]);
  });

  it("purges a deleted project once nothing refers to it", async () => {
    const w = await world();
    const empty = await created(
      await t.api.call(
        newProjectContract,
        { body: { workspace_id: w.workspace_id, name: "空の企画" } },
        { token: await w.token() },
      ),
    );
    expect(
      (await t.api.call(deleteProjectContract, { params: { id: empty } }, { token: await w.token() })).status,
    ).toBe(200);
    t.advance(31 * DAY);
    expect((await purgeTrash(t.ctx.db, t.ctx.storage, t.ctx.now())).projects).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.db.select().from(projects).where(eq(projects.id, empty))).toEqual([]);
  });

  it("keeps a deleted occurrence of a periodic task while its date is still to come", async () => {
    const w = await world();
    const template = await w.newTask("週次定例の準備");
    const set = await t.api.call(
      putTaskPeriodicContract,
      {
        params: { id: template },
        body: {
          rule: { frequency: "weekly", weekdays: [1], start_date: "2027-01-01" },
        },
      },
      { token: await w.token() },
    );
    expect(set.status).toBe(200);
    const occurrences = set.body.occurrences as { id: string; occurrence_date: string }[];
    const soon = occurrences[0]!;
    const late = occurrences.at(-1)!;
    expect(late.occurrence_date > soon.occurrence_date).toBe(true);
    for (const occurrence of [soon, late]) {
      expect(
        (await t.api.call(deleteTaskContract, { params: { id: occurrence.id } }, { token: await w.token() })).status,
      ).toBe(200);
    }
    t.advance(31 * DAY);
    await purgeTrash(t.ctx.db, t.ctx.storage, t.ctx.now());
    // The past date goes; the future one stays in the trash, so the generator does not make it again.
    expect(await idsIn(tasks, [soon.id, late.id])).toEqual([late.id]);
  });
});
