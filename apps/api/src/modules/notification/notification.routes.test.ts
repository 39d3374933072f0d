import { loginWithEmailContract } from "@tasuki/contract/auth/login-with-email.contract";
import type { ContractQuery } from "@tasuki/contract/common/define-contract";
import {
  countUnreadNotificationsContract,
  getNotificationPreferenceContract,
  listNotificationsContract,
  putNotificationPreferenceContract,
  readAllNotificationsContract,
  readNotificationContract,
} from "@tasuki/contract/notification/notification.contracts";
import {
  newTaskContract,
  putTaskStatusContract,
  updateTaskContract,
  updateTasksContract,
} from "@tasuki/contract/task/task.contracts";
import { getMeContract } from "@tasuki/contract/user/get-me.contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTaskWorld, expectError, type TaskWorld } from "../../../test/task-world.ts";
import { createTestApp, PASSWORD, type TestApp } from "../../../test/test-app.ts";
import { notifications } from "../../db/schema/notifications.ts";
import { mailingDay, runDailyNotifications } from "./daily-notifications.job.ts";

let t: TestApp;
// 2026-12-01 00:00 in Tokyo; the tests move the clock forward only.
const START = new Date("2026-12-01T00:00:00+09:00");
beforeAll(async () => {
  t = await createTestApp({ start: START });
});
afterAll(async () => {
  await t.close();
});

/**
 * Moves the injected clock; access tokens live 30 minutes, so the people of a world sign in again at the
 * new time when they are to call the API.
 */
async function setClock(iso: string, w?: World) {
  t.advance(new Date(iso).getTime() - t.ctx.now().getTime());
  if (!w) return;
  for (const who of ["owner", "assignee", "manager"] as const) {
    const res = await t.api.call(loginWithEmailContract, {
      body: {
        email: w.emails[who],
        password: PASSWORD,
      },
    });
    expect(res.status).toBe(200);
    w[who] = res.body.access_token;
  }
}

interface World extends TaskWorld {
  emails: Record<"owner" | "assignee" | "manager", string>;
}

async function world(name = "株式会社通知"): Promise<World> {
  const w = await createTaskWorld(t, name);
  const me = async (token: string) => (await t.api.call(getMeContract, {}, { token })).body.email as string;
  return { ...w, emails: { owner: await me(w.owner), assignee: await me(w.assignee), manager: await me(w.manager) } };
}

const list = async (
  w: World,
  token: string,
  query: Omit<ContractQuery<typeof listNotificationsContract>, "workspace_id"> = {},
) =>
  (await t.api.call(listNotificationsContract, { query: { workspace_id: w.workspaceId, ...query } }, { token })).body;
const unread = async (w: World, token: string) =>
  (await t.api.call(countUnreadNotificationsContract, { query: { workspace_id: w.workspaceId } }, { token })).body
    .count as number;

async function newTask(w: World, fields: object, token = w.owner) {
  const res = await t.api.call(
    newTaskContract,
    {
      body: {
        workspace_id: w.workspaceId,
        title: "見積書を送る",
        ...fields,
      },
    },
    { token },
  );
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/**
 * The mails handed to the queue for an address (the send-mail job delivers them after the commit, with
 * retries; jobs.test.ts tests that part). Counting jobs rather than arrivals tells exactly how many were sent.
 */
async function mailsTo(to: string) {
  const result = await t.ctx.db.execute(
    sql`select data from pgboss.job where name = 'send-mail' and data->>'to' = ${to} order by created_on`,
  );
  return (result as unknown as { rows: { data: { subject: string; text: string } }[] }).rows.map((row) => row.data);
}

async function mailWith(to: string, subject: string) {
  const found = (await mailsTo(to)).find((mail) => mail.subject === subject);
  if (!found)
    throw new Error(`no mail "${subject}" to ${to}: ${JSON.stringify((await mailsTo(to)).map((m) => m.subject))}`);
  return found;
}

const rowsFor = (taskId: string) => t.ctx.db.select().from(notifications).where(eq(notifications.taskId, taskId));

describe("notifications of task changes", () => {
  it("tells the new assignee, never the person who acted", async () => {
    const w = await world();
    const taskId = await newTask(w, { assignee_id: w.assigneeId, manager_id: w.managerId });
    const mine = await list(w, w.assignee);
    expect(mine.total).toBe(1);
    expect(mine.items[0]).toMatchObject({
      kind: "task_assigned",
      task: { id: taskId, title: "見積書を送る" },
      actor: { last_name: expect.any(String) },
      read_at: null,
    });
    expect(await unread(w, w.assignee)).toBe(1);
    // The owner created it and the manager was not assigned: nothing for them.
    expect((await list(w, w.owner)).total).toBe(0);
    expect((await list(w, w.manager)).total).toBe(0);
    // Assigning a task to yourself is your own action.
    const own = await newTask(w, { assignee_id: w.assigneeId }, w.assignee);
    expect(await rowsFor(own)).toEqual([]);
    // The mail (preference 「すぐに受け取る」 by default) says it in Japanese and links to the task; it
    // really leaves over SMTP.
    await t.smtp.lastMailTo(w.emails.assignee, 15_000);
    const mail = await mailWith(w.emails.assignee, "【Tasuki】タスク「見積書を送る」の担当者になりました");
    expect(mail.text).toContain("タスク「見積書を送る」の担当者にあなたを設定しました。");
    expect(mail.text).toContain(`/task/me?task=${taskId}`);
  });

  it("tells the manager that a task is done, and assignee and manager of other status changes", async () => {
    const w = await world();
    const taskId = await newTask(w, { assignee_id: w.assigneeId, manager_id: w.managerId });
    expect(
      (
        await t.api.call(
          putTaskStatusContract,
          { params: { id: taskId }, body: { status: "in_progress" } },
          { token: w.assignee },
        )
      ).status,
    ).toBe(200);
    expect((await list(w, w.manager)).items.map((item) => item.kind)).toEqual(["task_status_changed"]);
    expect(
      (
        await t.api.call(
          putTaskStatusContract,
          { params: { id: taskId }, body: { status: "done" } },
          { token: w.assignee },
        )
      ).status,
    ).toBe(200);
    const managers = await list(w, w.manager);
    expect(managers.items.map((item) => item.kind)).toEqual(["task_done", "task_status_changed"]);
    // The assignee moved it themselves: only the assignment was news to them.
    expect((await list(w, w.assignee)).items.map((item) => item.kind)).toEqual(["task_assigned"]);
    // The manager closes it: the assignee hears, the manager does not.
    expect(
      (
        await t.api.call(
          putTaskStatusContract,
          { params: { id: taskId }, body: { status: "closed" } },
          { token: w.manager },
        )
      ).status,
    ).toBe(200);
    const assignees = await list(w, w.assignee);
    expect(assignees.items[0]).toMatchObject({ kind: "task_status_changed", from_status: "done", to_status: "closed" });
    expect((await list(w, w.manager)).total).toBe(2);
    const done = await mailWith(w.emails.manager, "【Tasuki】タスク「見積書を送る」が完了しました");
    expect(done.text).toContain("あなたが管理するタスク「見積書を送る」を完了にしました。");
    const moved = await mailWith(w.emails.manager, "【Tasuki】タスク「見積書を送る」のステータスが変わりました");
    expect(moved.text).toContain("ステータスを「未着手」から「進行中」に変更しました。");
  });

  it("tells a new assignee of an edit and of a change in bulk, all or nothing", async () => {
    const w = await world();
    const a = await newTask(w, {});
    const b = await newTask(w, {});
    expect(
      (
        await t.api.call(
          updateTaskContract,
          { params: { id: a }, body: { assignee_id: w.assigneeId } },
          { token: w.owner },
        )
      ).status,
    ).toBe(200);
    expect((await list(w, w.assignee)).items.map((item) => item.task?.id)).toEqual([a]);
    // Again the same assignee: no news.
    expect(
      (
        await t.api.call(
          updateTaskContract,
          { params: { id: a }, body: { assignee_id: w.assigneeId, title: "改題" } },
          { token: w.owner },
        )
      ).status,
    ).toBe(200);
    expect((await list(w, w.assignee)).total).toBe(1);
    // A bulk change that fails (a task of another company) writes no notification either.
    const foreign = await createTaskWorld(t, "他社の世界");
    const theirs = (
      await t.api.call(
        newTaskContract,
        { body: { workspace_id: foreign.workspaceId, title: "他社のタスク" } },
        { token: foreign.owner },
      )
    ).body.id as string;
    expectError(
      await t.api.call(
        updateTasksContract,
        { body: { ids: [b, theirs], changes: { assignee_id: w.managerId } } },
        { token: w.owner },
      ),
      404,
    );
    expect(await rowsFor(b)).toEqual([]);
    const bulk = await t.api.call(
      updateTasksContract,
      { body: { ids: [a, b], changes: { assignee_id: w.managerId } } },
      { token: w.owner },
    );
    expect(bulk.status).toBe(200);
    expect((await list(w, w.manager)).items.map((item) => item.task?.id).sort()).toEqual([a, b].sort());
  });
  it("gathers the mails of one bulk change for one person into a single mail", async () => {
    const w = await world("株式会社一括通知");
    const ids = [];
    for (const title of ["一", "二", "三", "四", "五"]) ids.push(await newTask(w, { title }));
    const before = (await mailsTo(w.emails.manager)).length;
    expect(
      (
        await t.api.call(
          updateTasksContract,
          { body: { ids, changes: { assignee_id: w.managerId } } },
          { token: w.owner },
        )
      ).status,
    ).toBe(200);
    expect((await list(w, w.manager)).total).toBe(5);
    const mails = (await mailsTo(w.emails.manager)).slice(before);
    expect(mails.map((mail) => mail.subject)).toEqual(["【Tasuki】タスクの通知が5件あります"]);
    for (const title of ["一", "二", "三", "四", "五"]) {
      expect(mails[0]!.text).toContain(`タスク「${title}」の担当者にあなたを設定しました。`);
    }
  });
});

describe("the notification calls", () => {
  it("lists newest first with paging and an unread filter, marks one and all read", async () => {
    const w = await world();
    const ids = [];
    for (const title of ["一", "二", "三"]) ids.push(await newTask(w, { title, assignee_id: w.assigneeId }));
    const page1 = await list(w, w.assignee, { per_page: "2", page: "1" });
    expect(page1.total).toBe(3);
    expect(page1.items.map((item) => item.task?.title)).toEqual(["三", "二"]);
    expect((await list(w, w.assignee, { per_page: "2", page: "2" })).items.map((item) => item.task?.title)).toEqual([
      "一",
    ]);

    const read = await t.api.call(
      readNotificationContract,
      { params: { id: page1.items[0]!.id } },
      { token: w.assignee },
    );
    expect(read.status).toBe(200);
    expect(read.body.read_at).toEqual(expect.any(String));
    expect(await unread(w, w.assignee)).toBe(2);
    expect((await list(w, w.assignee, { unread: "true" })).items.map((item) => item.task?.title)).toEqual(["二", "一"]);
    // Reading it again changes nothing.
    expect(
      (await t.api.call(readNotificationContract, { params: { id: page1.items[0]!.id } }, { token: w.assignee })).body
        .read_at,
    ).toBe(read.body.read_at);

    const all = await t.api.call(
      readAllNotificationsContract,
      { body: { workspace_id: w.workspaceId } },
      { token: w.assignee },
    );
    expect(all.body).toEqual({ count: 2 });
    expect(await unread(w, w.assignee)).toBe(0);
    expect((await list(w, w.assignee)).total).toBe(3);
  });

  it("answers 404 for another person's or another workspace's notification, and 400 for bad input", async () => {
    const w = await world();
    await newTask(w, { assignee_id: w.assigneeId });
    const [item] = (await list(w, w.assignee)).items;
    // Another member of the same workspace, the owner, and an outsider: it does not exist for them.
    expectError(await t.api.call(readNotificationContract, { params: { id: item!.id } }, { token: w.other }), 404);
    expectError(await t.api.call(readNotificationContract, { params: { id: item!.id } }, { token: w.owner }), 404);
    expectError(await t.api.call(readNotificationContract, { params: { id: item!.id } }, { token: w.outsider }), 404);
    expectError(
      await t.api.call(listNotificationsContract, { query: { workspace_id: w.workspaceId } }, { token: w.outsider }),
      404,
    );
    expectError(
      await t.api.call(readAllNotificationsContract, { body: { workspace_id: w.workspaceId } }, { token: w.outsider }),
      404,
    );
    expect(await unread(w, w.assignee)).toBe(1);

    expectError(
      await t.api.call(readNotificationContract, { params: { id: "not-a-uuid" } }, { token: w.assignee }),
      400,
      "validation_error",
    );
    expectError(
      await t.api.call(
        listNotificationsContract,
        { query: { workspace_id: w.workspaceId, per_page: "0" } },
        { token: w.assignee },
      ),
      400,
    );
    expectError(
      await t.api.raw({
        method: "PUT",
        url: "/app/notification/list/read",
        token: w.assignee,
        payload: { workspace_id: w.workspaceId, extra: 1 },
      }),
      400,
    );
    expectError(
      await t.api.raw({
        method: "PUT",
        url: "/app/notification/preference",
        token: w.assignee,
        payload: { email: "weekly" },
      }),
      400,
    );
    expectError(
      await t.api.raw({
        method: "PUT",
        url: "/app/notification/preference",
        token: w.assignee,
        payload: { email: "none", weekly_report: "いいえ" },
      }),
      400,
    );
    // Nothing was written by the refused calls.
    expect(await unread(w, w.assignee)).toBe(1);
    expect((await t.api.call(getNotificationPreferenceContract, {}, { token: w.assignee })).body).toEqual({
      email: "immediately",
      weekly_report: true,
    });
  });
});

describe("deadline reminders and the morning digest", () => {
  const remind = (days: number | null) => ({
    remind: days === null ? "on_the_day" : "days_before",
    days,
    channels: { in_app: true, email: true, slack: false, chatwork: false },
  });

  it("counts the mailing day from 09:00 in Tokyo", () => {
    expect(mailingDay(new Date("2026-12-01T08:59:59+09:00"))).toBe("2026-11-30");
    expect(mailingDay(new Date("2026-12-01T09:00:00+09:00"))).toBe("2026-12-01");
    expect(mailingDay(new Date("2026-12-01T23:59:59+09:00"))).toBe("2026-12-01");
  });

  it("reminds at 09:00 Tokyo on the day or N days before, once, whatever the number of runs", async () => {
    await setClock("2026-12-01T07:00:00+09:00");
    const w = await world("株式会社リマインド");
    // Deadline 3 December: two days before is 1 December; another on the day itself.
    const early = await newTask(w, { title: "請求書", expires_at: "2026-12-03", notification: remind(2) });
    const sameDay = await newTask(w, { title: "納品", expires_at: "2026-12-03", notification: remind(null) });
    await newTask(w, { title: "設定なし", expires_at: "2026-12-01" });
    await t.api.call(
      updateTasksContract,
      { body: { ids: [early, sameDay], changes: { assignee_id: w.assigneeId } } },
      { token: w.owner },
    );
    const before = (await mailsTo(w.emails.assignee)).length;

    await setClock("2026-12-01T08:59:00+09:00");
    expect((await runDailyNotifications(t.ctx)).reminders).toBe(0);

    await setClock("2026-12-01T09:00:00+09:00", w);
    expect((await runDailyNotifications(t.ctx)).reminders).toBe(1);
    const reminder = (await list(w, w.assignee)).items[0]!;
    expect(reminder).toMatchObject({ kind: "task_reminder", task: { id: early }, deadline_date: "2026-12-03" });
    const mail = await mailWith(w.emails.assignee, "【Tasuki】期限まであと2日：「請求書」");
    expect(mail.text).toContain("タスク「請求書」の期限は2026年12月3日です（あと2日）。");

    // Run again the same morning, the next morning (after a restart): nothing twice.
    expect((await runDailyNotifications(t.ctx)).reminders).toBe(0);
    await setClock("2026-12-02T09:00:00+09:00");
    expect((await runDailyNotifications(t.ctx)).reminders).toBe(0);

    // The deadline day: the on-the-day reminder; a late run at 15:00 still sends it (nothing skipped).
    await setClock("2026-12-03T15:00:00+09:00", w);
    expect((await runDailyNotifications(t.ctx)).reminders).toBe(1);
    await mailWith(w.emails.assignee, "【Tasuki】本日が期限です：「納品」");
    expect((await runDailyNotifications(t.ctx)).reminders).toBe(0);
    expect((await mailsTo(w.emails.assignee)).length - before).toBe(2);

    // A task done before its day is not reminded.
    const done = await newTask(w, { title: "完了済み", expires_at: "2026-12-05", notification: remind(1) }, w.assignee);
    await t.api.call(putTaskStatusContract, { params: { id: done }, body: { status: "done" } }, { token: w.assignee });
    await setClock("2026-12-04T09:00:00+09:00");
    await runDailyNotifications(t.ctx);
    expect(await rowsFor(done)).toEqual([]);
  });

  it("keeps a reminder for e-mail only out of the bell", async () => {
    await setClock("2026-12-10T08:00:00+09:00");
    const w = await world("株式会社メールのみ");
    const taskId = await newTask(
      w,
      {
        expires_at: "2026-12-10",
        notification: { ...remind(null), channels: { in_app: false, email: true, slack: false, chatwork: false } },
      },
      w.assignee,
    );
    await setClock("2026-12-10T09:00:00+09:00", w);
    await runDailyNotifications(t.ctx);
    expect((await rowsFor(taskId)).map((row) => [row.kind, row.inApp, row.emailStatus])).toEqual([
      ["task_reminder", false, "sent"],
    ]);
    expect(await unread(w, w.assignee)).toBe(0);
    await mailWith(w.emails.assignee, "【Tasuki】本日が期限です：「見積書を送る」");
  });

  it("sends one digest at 09:00 to those who asked for it, and no mail to those who want none", async () => {
    await setClock("2026-12-20T10:00:00+09:00");
    const w = await world("株式会社ダイジェスト");
    expect(
      (await t.api.call(putNotificationPreferenceContract, { body: { email: "daily_digest" } }, { token: w.assignee }))
        .body,
    ).toEqual({
      email: "daily_digest",
      weekly_report: true,
    });
    expect(
      (await t.api.call(putNotificationPreferenceContract, { body: { email: "none" } }, { token: w.manager })).status,
    ).toBe(200);
    const assigneeMails = (await mailsTo(w.emails.assignee)).length;
    const managerMails = (await mailsTo(w.emails.manager)).length;

    await newTask(w, { title: "議事録を共有する", assignee_id: w.assigneeId, manager_id: w.managerId });
    const second = await newTask(w, { title: "予算案を作る", assignee_id: w.assigneeId, manager_id: w.managerId });
    await t.api.call(
      putTaskStatusContract,
      { params: { id: second }, body: { status: "done" } },
      { token: w.assignee },
    );
    // In the bell at once, in the mailbox not yet.
    expect(await unread(w, w.assignee)).toBe(2);
    expect(await unread(w, w.manager)).toBe(1);

    await setClock("2026-12-21T08:59:00+09:00");
    expect((await runDailyNotifications(t.ctx)).digests).toBe(0);
    await setClock("2026-12-21T09:00:00+09:00");
    expect((await runDailyNotifications(t.ctx)).digests).toBeGreaterThanOrEqual(1);
    const digest = await mailWith(w.emails.assignee, "【Tasuki】2026年12月21日の通知まとめ（2件）");
    expect(digest.text).toContain("■ 株式会社ダイジェスト");
    expect(digest.text).toContain("タスク「議事録を共有する」の担当者にあなたを設定しました。");
    expect(digest.text).toContain("タスク「予算案を作る」の担当者にあなたを設定しました。");
    expect(digest.text.indexOf("議事録")).toBeLessThan(digest.text.indexOf("予算案"));
    // The next run sends no digest again; the one who wants no mail got none.
    await setClock("2026-12-22T09:00:00+09:00");
    await runDailyNotifications(t.ctx);
    expect((await mailsTo(w.emails.assignee)).length - assigneeMails).toBe(1);
    expect((await mailsTo(w.emails.manager)).length - managerMails).toBe(0);
  });
});
