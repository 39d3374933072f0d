import type { ContractBody } from "@tasuki/contract/common/define-contract";
import {
  countUnreadNotificationsContract,
  listNotificationsContract,
} from "@tasuki/contract/notification/notification.contracts";
import { newTaskContract, putTaskStatusContract, updateTaskContract } from "@tasuki/contract/task/task.contracts";
import { deleteTaskCommentContract } from "@tasuki/contract/task-comment/delete-task-comment.contract";
import { deleteTaskWatcherContract } from "@tasuki/contract/task-comment/delete-task-watcher.contract";
import { listTaskActivityContract } from "@tasuki/contract/task-comment/list-task-activity.contract";
import { listTaskCommentsContract } from "@tasuki/contract/task-comment/list-task-comments.contract";
import { listTaskWatchersContract } from "@tasuki/contract/task-comment/list-task-watchers.contract";
import { newTaskCommentContract } from "@tasuki/contract/task-comment/new-task-comment.contract";
import { putTaskWatcherContract } from "@tasuki/contract/task-comment/put-task-watcher.contract";
import { updateTaskCommentContract } from "@tasuki/contract/task-comment/update-task-comment.contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTaskWorld, expectError, type TaskWorld } from "../../../test/task-world.ts";
import { addStaff, createTestApp, type TestApp } from "../../../test/test-app.ts";
import { notifications } from "../../db/schema/notifications.ts";
import { taskComments } from "../../db/schema/task-comments.ts";
import { groupMembers, groups } from "../../db/schema/workspaces.ts";
import { RealtimeTestClient } from "../../realtime/realtime-test-client.ts";

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  await t.close();
});

const world = () => createTaskWorld(t, "株式会社コメント");

function newTask(w: TaskWorld, fields: Partial<ContractBody<typeof newTaskContract>> = {}) {
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
    { token: w.owner },
  );
}

const mention = (kind: "staff" | "group", id: string, label = "誰か") =>
  `<span data-type="mention" data-id="${kind}:${id}" data-label="${label}">@${label}</span>`;

const comment = (taskId: string, token: string, body: string) =>
  t.api.call(newTaskCommentContract, { params: { id: taskId }, body: { body } }, { token });

async function commentRows(taskId: string) {
  return t.ctx.db.select().from(taskComments).where(eq(taskComments.taskId, taskId));
}

/** The notices of comments on a task (the task's creation told its assignee too). */
async function noticesOf(taskId: string) {
  const rows = await t.ctx.db
    .select({ recipientId: notifications.recipientId, kind: notifications.kind, data: notifications.data })
    .from(notifications)
    .where(and(eq(notifications.taskId, taskId), inArray(notifications.kind, ["task_commented", "task_mentioned"])));
  return rows.sort((a, b) => a.recipientId.localeCompare(b.recipientId));
}

async function newGroup(workspaceId: string, name: string, memberIds: string[]) {
  const [group] = await t.ctx.db.insert(groups).values({ workspaceId, name }).returning();
  if (memberIds.length) {
    await t.ctx.db
      .insert(groupMembers)
      .values(memberIds.map((workspaceUserId) => ({ workspaceId, groupId: group!.id, workspaceUserId })));
  }
  return group!.id;
}

describe("task comments", () => {
  it("lets anyone who sees the task comment; the author edits, the author or an owner/admin deletes", async () => {
    const w = await world();
    const task = await newTask(w);
    const posted = await comment(task.id, w.assignee, "<p>見積の<strong>金額</strong>を確認しました</p>");
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({
      task_id: task.id,
      author: { id: w.assigneeId, last_name: "鈴木" },
      body: "<p>見積の<strong>金額</strong>を確認しました</p>",
      mentions: { staff: [], groups: [] },
      can_edit: true,
      can_delete: true,
      edited_at: null,
    });
    const id = posted.body.id as string;

    const asOwner = await t.api.call(listTaskCommentsContract, { params: { id: task.id } }, { token: w.owner });
    expect(asOwner.body.items).toHaveLength(1);
    expect(asOwner.body.items[0]).toMatchObject({ id, can_edit: false, can_delete: true });
    const asManager = await t.api.call(listTaskCommentsContract, { params: { id: task.id } }, { token: w.manager });
    expect(asManager.body.items[0]).toMatchObject({ id, can_edit: false, can_delete: false });

    expectError(
      await t.api.call(
        updateTaskCommentContract,
        { params: { id: task.id, comment_id: id }, body: { body: "<p>上書き</p>" } },
        { token: w.owner },
      ),
      403,
    );
    expectError(
      await t.api.call(deleteTaskCommentContract, { params: { id: task.id, comment_id: id } }, { token: w.manager }),
      403,
    );

    const edited = await t.api.call(
      updateTaskCommentContract,
      { params: { id: task.id, comment_id: id }, body: { body: "<p>修正版</p>" } },
      { token: w.assignee },
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id, body: "<p>修正版</p>", edited_at: expect.any(String) });

    // The manager's own comment; the owner deletes it as moderator.
    const managers = await comment(task.id, w.manager, "<p>了解です</p>");
    expect(
      (
        await t.api.call(
          deleteTaskCommentContract,
          { params: { id: task.id, comment_id: managers.body.id } },
          { token: w.owner },
        )
      ).status,
    ).toBe(200);
    expect(
      (await t.api.call(deleteTaskCommentContract, { params: { id: task.id, comment_id: id } }, { token: w.assignee }))
        .status,
    ).toBe(200);
    expect(
      (await t.api.call(listTaskCommentsContract, { params: { id: task.id } }, { token: w.assignee })).body.items,
    ).toEqual([]);
    // Deleted once is gone: a second delete or an edit answers 404.
    expectError(
      await t.api.call(deleteTaskCommentContract, { params: { id: task.id, comment_id: id } }, { token: w.assignee }),
      404,
    );
    expectError(
      await t.api.call(
        updateTaskCommentContract,
        { params: { id: task.id, comment_id: id }, body: { body: "<p>復活</p>" } },
        { token: w.assignee },
      ),
      404,
    );
    // The rows stay without their text, for the timeline.
    expect((await commentRows(task.id)).map((row) => row.body)).toEqual(["", ""]);
  });

  it("never shows a label the server did not write over someone's id, nested mention spans included", async () => {
    const w = await world();
    const task = await newTask(w);
    const unknown = "01900000-0000-7000-8000-000000000000";
    const nested = (outer: string) =>
      `<p><span data-type="mention" data-id="staff:${outer}">` +
      `<span data-type="mention" data-id="staff:${w.managerId}">@代表取締役社長</span></span> 承認済みです</p>`;
    for (const outer of [unknown, w.assigneeId]) {
      const posted = await comment(task.id, w.assignee, nested(outer));
      expect(posted.status).toBe(201);
      // No span that names a person carries the forged text; the text may stay, as plain text.
      expect(posted.body.body).not.toMatch(/<span[^>]*data-id="staff:[^"]*"[^>]*>[^<]*代表取締役社長/);
      expect(posted.body.body).toContain("承認済みです");
    }
  });

  it("answers 404 to another company, to a member or guest who cannot see the task, and for a comment of another task", async () => {
    const w = await world();
    const task = await newTask(w);
    const otherTask = await newTask(w);
    const posted = await comment(task.id, w.assignee, "<p>確認中です</p>");
    const id = posted.body.id as string;
    const stranger = (await addStaff(t, w.workspaceId, "member")).tokens.access_token;
    for (const token of [w.outsider, stranger, w.guest]) {
      expectError(await t.api.call(listTaskCommentsContract, { params: { id: task.id } }, { token }), 404);
      expectError(await comment(task.id, token, "<p>こんにちは</p>"), 404);
      expectError(
        await t.api.call(
          updateTaskCommentContract,
          { params: { id: task.id, comment_id: id }, body: { body: "<p>x</p>" } },
          { token },
        ),
        404,
      );
      expectError(
        await t.api.call(deleteTaskCommentContract, { params: { id: task.id, comment_id: id } }, { token }),
        404,
      );
      expectError(await t.api.call(listTaskWatchersContract, { params: { id: task.id } }, { token }), 404);
      expectError(await t.api.call(putTaskWatcherContract, { params: { id: task.id } }, { token }), 404);
      expectError(await t.api.call(deleteTaskWatcherContract, { params: { id: task.id } }, { token }), 404);
      expectError(await t.api.call(listTaskActivityContract, { params: { id: task.id } }, { token }), 404);
    }
    expectError(
      await t.api.call(
        updateTaskCommentContract,
        { params: { id: otherTask.id, comment_id: id }, body: { body: "<p>x</p>" } },
        { token: w.assignee },
      ),
      404,
    );
    expectError(
      await t.api.call(deleteTaskCommentContract, { params: { id: otherTask.id, comment_id: id } }, { token: w.owner }),
      404,
    );
    expect((await commentRows(task.id)).map((row) => row.body)).toEqual(["<p>確認中です</p>"]);
    expect(await commentRows(otherTask.id)).toEqual([]);
  });

  it("refuses bad input with 400 in Japanese and writes nothing", async () => {
    const w = await world();
    const task = await newTask(w);
    const cases: unknown[] = [
      { body: "<p>NUL\u0000</p>" },
      { body: `<p>${"長".repeat(20_001)}</p>` },
      { body: "<p> </p><p><br></p>" },
      { body: "<script>alert(1)</script>" },
      { body: 42 },
      {},
      { body: "<p>ok</p>", extra: true },
    ];
    for (const payload of cases) {
      const res = await t.api.raw({
        method: "POST",
        url: `/app/task/${task.id}/comment/new`,
        token: w.assignee,
        payload: payload as object,
      });
      expectError(res, 400);
      expect(res.body.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    }
    expect(await commentRows(task.id)).toEqual([]);
    expect(await noticesOf(task.id)).toEqual([]);
    const posted = await comment(task.id, w.assignee, "<p>元の文</p>");
    expectError(
      await t.api.call(
        updateTaskCommentContract,
        { params: { id: task.id, comment_id: posted.body.id }, body: { body: "<p>\u0000</p>" } },
        { token: w.assignee },
      ),
      400,
    );
    expect((await commentRows(task.id)).map((row) => row.body)).toEqual(["<p>元の文</p>"]);
  });

  it("keeps only the editor's markup: no script, event handler or javascript: URL, links open safely", async () => {
    const w = await world();
    const task = await newTask(w);
    const res = await comment(
      task.id,
      w.assignee,
      `<p onclick="steal()">資料<script>alert(1)</script><a href="javascript:alert(1)">危険</a>` +
        `<img src=x onerror="alert(1)"><a href="https://example.com/a" onmouseover="x()">参考</a>` +
        `<span style="color:red" data-type="note">注</span></p><iframe src="https://evil.example"></iframe>`,
    );
    expect(res.status).toBe(201);
    const body = res.body.body as string;
    expect(body).not.toMatch(/script|onclick|onerror|onmouseover|javascript:|<img|<iframe|style=|data-type/);
    expect(body).toContain(
      '<a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">参考</a>',
    );
    expect(body).toContain("資料");
  });

  it("notifies the manager, watchers and the people and groups mentioned who may see the task, never the author", async () => {
    const w = await world();
    const watcher = await addStaff(t, w.workspaceId, "member");
    const mentioned = await addStaff(t, w.workspaceId, "member");
    const inBoth = await addStaff(t, w.workspaceId, "member");
    const groupOnly = await addStaff(t, w.workspaceId, "member");
    const stranger = await addStaff(t, w.workspaceId, "member");
    // The task belongs to 営業部: its members see it; 企画部's member who is not in 営業部 does not.
    const sales = await newGroup(w.workspaceId, "営業部", [watcher.staffId, mentioned.staffId, inBoth.staffId]);
    const planning = await newGroup(w.workspaceId, "企画部", [inBoth.staffId, groupOnly.staffId]);
    const task = await newTask(w, { group_id: sales });
    expect(
      (await t.api.call(putTaskWatcherContract, { params: { id: task.id } }, { token: watcher.tokens.access_token }))
        .body,
    ).toMatchObject({
      watching: true,
    });

    const outsiderStaff = (await addStaff(t, w.outsiderWorkspaceId, "member")).staffId;
    const posted = await comment(
      task.id,
      w.assignee,
      `<p>${mention("staff", mentioned.staffId)} ${mention("group", planning)} ${mention("staff", stranger.staffId)} ` +
        `${mention("staff", w.guestId)} ${mention("staff", outsiderStaff, "他社の人")} 確認をお願いします</p>`,
    );
    expect(posted.status).toBe(201);
    // Mentions are labelled by the server from current names; another company's id is plain text.
    expect(posted.body.body).toContain(
      `<span data-type="mention" data-id="staff:${mentioned.staffId}" data-label="鈴木\u3000一郎" class="mention">@鈴木\u3000一郎</span>`,
    );
    expect(posted.body.body).toContain(
      `data-id="group:${planning}" data-label="企画部" class="mention">@企画部</span>`,
    );
    expect(posted.body.body).not.toContain(outsiderStaff);
    expect(posted.body.body).toContain("@他社の人");
    expect(posted.body.mentions.groups).toEqual([{ id: planning, name: "企画部" }]);
    expect(posted.body.mentions.staff.map((s: { id: string }) => s.id).sort()).toEqual(
      [mentioned.staffId, stranger.staffId, w.guestId].sort(),
    );

    const expected = [
      { recipientId: w.managerId, kind: "task_commented" },
      { recipientId: watcher.staffId, kind: "task_commented" },
      { recipientId: mentioned.staffId, kind: "task_mentioned" },
      { recipientId: inBoth.staffId, kind: "task_mentioned" },
    ].sort((a, b) => a.recipientId.localeCompare(b.recipientId));
    const notices = await noticesOf(task.id);
    expect(notices.map(({ recipientId, kind }) => ({ recipientId, kind }))).toEqual(expected);
    expect(notices[0]!.data).toMatchObject({
      task_title: "見積書を作成する",
      comment_excerpt: expect.stringContaining("確認をお願いします"),
    });

    // The bell of someone mentioned says it; the stranger, the guest and the other group's member have nothing.
    const bell = await t.api.call(
      listNotificationsContract,
      { query: { workspace_id: w.workspaceId } },
      { token: mentioned.tokens.access_token },
    );
    expect(bell.body.items[0]).toMatchObject({
      kind: "task_mentioned",
      task: { id: task.id },
      actor: { id: w.assigneeId },
      comment_excerpt: expect.stringContaining("確認をお願いします"),
    });
    for (const token of [stranger.tokens.access_token, w.guest, groupOnly.tokens.access_token]) {
      const count = await t.api.call(
        countUnreadNotificationsContract,
        { query: { workspace_id: w.workspaceId } },
        { token },
      );
      expect(count.body).toEqual({ count: 0 });
    }

    // An edit tells only those it newly mentions (and who may see the task).
    await t.api.call(
      updateTaskCommentContract,
      {
        params: { id: task.id, comment_id: posted.body.id },
        body: {
          body: `<p>${mention("staff", mentioned.staffId)} ${mention("staff", w.otherId)} ${mention("staff", w.managerId)}</p>`,
        },
      },
      { token: w.assignee },
    );
    const after = await noticesOf(task.id);
    expect(after).toHaveLength(5);
    expect(
      after
        .filter((notice) => notice.recipientId === w.managerId)
        .map((notice) => notice.kind)
        .sort(),
    ).toEqual(["task_commented", "task_mentioned"]);
    expect(after.some((notice) => notice.recipientId === w.otherId)).toBe(false);
  });

  it("tells the comment live to those who see the task, and nothing to a member who does not", async () => {
    const w = await world();
    const listener = await addStaff(t, w.workspaceId, "member");
    const stranger = await addStaff(t, w.workspaceId, "member");
    const task = await newTask(w, { manager_id: listener.staffId });
    const seeing = await RealtimeTestClient.connect(base, listener.tokens.realtime_token, [w.workspaceId]);
    const other = await RealtimeTestClient.connect(base, stranger.tokens.realtime_token, [w.workspaceId]);
    try {
      await comment(task.id, w.assignee, "<p>見てください</p>");
      await seeing.next((message) => message.entity === "task_comment" && message.id === task.id, 15_000);
      // An event everyone hears, published after the comment: what the stranger did not get before it, it never will.
      const sentinel = crypto.randomUUID();
      const payload = JSON.stringify({
        workspace_id: w.workspaceId,
        entity: "workspace",
        id: sentinel,
        action: "updated",
      });
      await t.ctx.db.execute(sql`select pg_notify('tasuki_events', ${payload})`);
      await other.next((message) => message.id === sentinel, 15_000);
      expect(other.events().filter((event) => event.id === task.id)).toEqual([]);
    } finally {
      seeing.close();
      other.close();
    }
  });
});

describe("task watchers", () => {
  it("lets anyone who sees the task watch and unwatch it, idempotently; commenting watches", async () => {
    const w = await world();
    const task = await newTask(w);
    expect((await t.api.call(listTaskWatchersContract, { params: { id: task.id } }, { token: w.other })).status).toBe(
      404,
    );
    const first = await t.api.call(putTaskWatcherContract, { params: { id: task.id } }, { token: w.owner });
    expect(first.body).toMatchObject({ watching: true, items: [{ last_name: expect.any(String) }] });
    expect(
      (await t.api.call(putTaskWatcherContract, { params: { id: task.id } }, { token: w.owner })).body.items,
    ).toHaveLength(1);
    await comment(task.id, w.manager, "<p>ウォッチします</p>");
    const list = await t.api.call(listTaskWatchersContract, { params: { id: task.id } }, { token: w.assignee });
    expect(list.body).toMatchObject({ watching: false });
    expect(list.body.items).toHaveLength(2);
    const off = await t.api.call(deleteTaskWatcherContract, { params: { id: task.id } }, { token: w.owner });
    expect(off.body.watching).toBe(false);
    expect(off.body.items).toHaveLength(1);
    expect((await t.api.call(deleteTaskWatcherContract, { params: { id: task.id } }, { token: w.owner })).status).toBe(
      200,
    );
  });
});

describe("task activity", () => {
  it("is one timeline of comments, status changes and field edits with names and Japanese labels", async () => {
    const w = await world();
    const group = await newGroup(w.workspaceId, "営業部", []);
    const task = await newTask(w);
    await t.api.call(
      updateTaskContract,
      {
        params: { id: task.id },
        body: {
          title: "見積書を送付する",
          priority: "high",
          manager_id: w.otherId,
          group_id: group,
          expires_at: "2026-12-24",
        },
      },
      { token: w.owner },
    );
    await t.api.call(
      putTaskStatusContract,
      { params: { id: task.id }, body: { status: "in_progress" } },
      { token: w.assignee },
    );
    const posted = await comment(task.id, w.assignee, "<p>着手しました</p>");
    const gone = await comment(task.id, w.assignee, "<p>消します</p>");
    await t.api.call(
      deleteTaskCommentContract,
      { params: { id: task.id, comment_id: gone.body.id } },
      { token: w.assignee },
    );

    const res = await t.api.call(listTaskActivityContract, { params: { id: task.id } }, { token: w.assignee });
    expect(res.status).toBe(200);
    const items = res.body.items as {
      kind: string;
      at: string;
      actor: { id: string } | null;
      changes: { field: string; label: string; from: string | null; to: string | null }[];
      comment: { id: string } | null;
      from_status: string | null;
      to_status: string | null;
    }[];
    expect(items.map((item) => item.kind)).toEqual(["created", "updated", "status", "comment", "comment_deleted"]);
    expect(items.map((item) => item.at)).toEqual([...items.map((item) => item.at)].sort());
    const edit = items[1]!;
    expect(edit.actor).toMatchObject({ last_name: expect.any(String) });
    expect(edit.changes).toEqual(
      expect.arrayContaining([
        { field: "title", label: "タイトル", from: "見積書を作成する", to: "見積書を送付する" },
        { field: "priority", label: "優先度", from: "なし", to: "高" },
        { field: "manager_id", label: "管理者", from: "鈴木\u3000一郎", to: "鈴木\u3000一郎" },
        { field: "group_id", label: "グループ", from: null, to: "営業部" },
        { field: "expires_at", label: "期限", from: null, to: "2026/12/24" },
      ]),
    );
    expect(JSON.stringify(edit.changes)).not.toContain(w.otherId);
    expect(items[2]).toMatchObject({ from_status: "none", to_status: "in_progress", actor: { id: w.assigneeId } });
    expect(items[3]!.comment).toMatchObject({ id: posted.body.id });
    expect(items[4]).toMatchObject({ comment: null, actor: { id: w.assigneeId } });
  });
});
