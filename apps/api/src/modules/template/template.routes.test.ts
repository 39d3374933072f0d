import { putClosedDaysContract } from "@tasuki/contract/calendar/put-closed-days.contract";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { newMeetingContract } from "@tasuki/contract/meeting/meeting.contracts";
import {
  deletePrimaryItemContract,
  listPrimaryItemsContract,
  newPrimaryItemContract,
} from "@tasuki/contract/primary-item/primary-item.contracts";
import { newProjectContract } from "@tasuki/contract/project/project.contracts";
import { tokyoDate } from "@tasuki/contract/rules/tokyo-date";
import { newSecondaryItemContract } from "@tasuki/contract/secondary-item/secondary-item.contracts";
import { listTasksContract, newTaskContract } from "@tasuki/contract/task/task.contracts";
import { deleteTaskTplContract } from "@tasuki/contract/template/delete-task-tpl.contract";
import { getPrimaryItemTplContract } from "@tasuki/contract/template/get-primary-item-tpl.contract";
import { getTaskTplContract } from "@tasuki/contract/template/get-task-tpl.contract";
import { listTaskTplsContract } from "@tasuki/contract/template/list-task-tpls.contract";
import { newPrimaryItemTplContract } from "@tasuki/contract/template/new-primary-item-tpl.contract";
import { newSecondaryItemTplContract } from "@tasuki/contract/template/new-secondary-item-tpl.contract";
import { newTaskTplContract } from "@tasuki/contract/template/new-task-tpl.contract";
import { previewTemplateContract } from "@tasuki/contract/template/preview-template.contract";
import { savePrimaryItemAsTplContract } from "@tasuki/contract/template/save-primary-item-as-tpl.contract";
import { saveSecondaryItemAsTplContract } from "@tasuki/contract/template/save-secondary-item-as-tpl.contract";
import { saveTaskAsTplContract } from "@tasuki/contract/template/save-task-as-tpl.contract";
import { updatePrimaryItemTplContract } from "@tasuki/contract/template/update-primary-item-tpl.contract";
import { updateTaskTplContract } from "@tasuki/contract/template/update-task-tpl.contract";
import { updateTaskTplsContract } from "@tasuki/contract/template/update-task-tpls.contract";
import { usePrimaryItemTplContract } from "@tasuki/contract/template/use-primary-item-tpl.contract";
import { useSecondaryItemTplContract } from "@tasuki/contract/template/use-secondary-item-tpl.contract";
import { useTaskTplContract } from "@tasuki/contract/template/use-task-tpl.contract";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countQueries } from "../../../test/query-counter.ts";
import type { Answer } from "../../../test/support/api-client.ts";
import { addStaff, createTestApp, errorBody, signUpWithWorkspace, type TestApp } from "../../../test/test-app.ts";
import { primaryItems, secondaryItems, tasks } from "../../db/schema/tasks.ts";
import { templates } from "../../db/schema/templates.ts";

let t: TestApp;
// A fixed clock: the week before Golden Week 2026 (Asia/Tokyo).
beforeAll(async () => {
  t = await createTestApp({ start: new Date("2026-04-20T09:00:00+09:00") });
});
afterAll(async () => {
  await t.close();
});

const UNKNOWN_ID = "01900000-0000-7000-8000-000000000000";

/** A workspace with an admin, a member who belongs to the project, a guest, and another company. */
async function world() {
  const owner = await signUpWithWorkspace(t, "株式会社テンプレート");
  const workspaceId = owner.workspace.id;
  const admin = await addStaff(t, workspaceId, "admin");
  const member = await addStaff(t, workspaceId, "member");
  const guest = await addStaff(t, workspaceId, "guest");
  const stranger = await addStaff(t, workspaceId, "member");
  const outsider = await signUpWithWorkspace(t, "他社");
  const project = await t.api.call(
    newProjectContract,
    {
      body: {
        workspace_id: workspaceId,
        name: "秋の展示会",
        manager_id: admin.staffId,
        member_ids: [member.staffId, guest.staffId],
      },
    },
    { token: owner.tokens.access_token },
  );
  expect(project.status).toBe(201);
  const meeting = await t.api.call(
    newMeetingContract,
    {
      body: {
        workspace_id: workspaceId,
        name: "営業定例",
        meeting_type: "regular",
        starts_at: "2026-04-27T10:00:00+09:00",
        ends_at: "2026-04-27T11:00:00+09:00",
        participant_ids: [member.staffId],
      },
    },
    { token: owner.tokens.access_token },
  );
  expect(meeting.status).toBe(201);
  const outsiderProject = await t.api.call(
    newProjectContract,
    {
      body: {
        workspace_id: outsider.workspace.id,
        name: "他社の案件",
      },
    },
    { token: outsider.tokens.access_token },
  );
  return {
    workspaceId,
    projectId: project.body.id as string,
    meetingId: meeting.body.id as string,
    owner: owner.tokens.access_token,
    admin: admin.tokens.access_token,
    adminId: admin.staffId,
    member: member.tokens.access_token,
    memberId: member.staffId,
    guest: guest.tokens.access_token,
    stranger: stranger.tokens.access_token,
    outsider: outsider.tokens.access_token,
    outsiderWorkspaceId: outsider.workspace.id,
    outsiderProjectId: outsiderProject.body.id as string,
  };
}
type World = Awaited<ReturnType<typeof world>>;

/** 展示会出展: two 中項目 with tasks, and one task right under it; business days. */
const exhibition: Omit<ContractBody<typeof newPrimaryItemTplContract>, "workspace_id"> = {
  name: "展示会出展",
  description: "出展の申し込みから当日の運営まで",
  day_basis: "business",
  secondary_items: [
    {
      name: "準備",
      tasks: [
        { title: "出展申込", priority: "high", start_offset_days: 0, duration_days: 1 },
        { title: "ブース設計", start_offset_days: 1, duration_days: 3, checklist: ["レイアウト", "電源容量"] },
      ],
    },
    {
      name: "当日運営",
      tasks: [{ title: "シフト作成", start_offset_days: 2, duration_days: 2, assignee_rule: "manager" }],
    },
  ],
  tasks: [{ title: "振り返り", start_offset_days: 4, duration_days: 1, assignee_rule: "none" }],
};

async function newPrimaryTpl(
  w: World,
  body: Omit<ContractBody<typeof newPrimaryItemTplContract>, "workspace_id"> = exhibition,
  token = w.owner,
) {
  const res = await t.api.call(
    newPrimaryItemTplContract,
    { body: { workspace_id: w.workspaceId, ...body } },
    { token },
  );
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string; task_count: number };
}

async function newTaskTpl(
  w: World,
  body: Omit<ContractBody<typeof newTaskTplContract>, "workspace_id">,
  token = w.owner,
) {
  const res = await t.api.call(newTaskTplContract, { body: { workspace_id: w.workspaceId, ...body } }, { token });
  expect(res.status).toBe(201);
  return res.body as { id: string; title: string; position: number };
}

async function newPrimaryItem(w: World, parent: object = { project_id: w.projectId }) {
  const res = await t.api.call(
    newPrimaryItemContract,
    {
      body: {
        workspace_id: w.workspaceId,
        name: "既存の大項目",
        ...parent,
      },
    },
    { token: w.owner },
  );
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function rowCounts(workspaceId: string) {
  const [p] = await t.ctx.db.select({ n: count() }).from(primaryItems).where(eq(primaryItems.workspaceId, workspaceId));
  const [s] = await t.ctx.db
    .select({ n: count() })
    .from(secondaryItems)
    .where(eq(secondaryItems.workspaceId, workspaceId));
  const [k] = await t.ctx.db.select({ n: count() }).from(tasks).where(eq(tasks.workspaceId, workspaceId));
  return { primary: p!.n, secondary: s!.n, tasks: k!.n };
}

/** A deadline as the Tokyo date it falls on. */

describe("task templates", () => {
  it("creates, lists, searches, reads, edits, renames and reorders in bulk, and deletes", async () => {
    const w = await world();
    const a = await newTaskTpl(w, {
      title: "見積書の作成",
      description: "顧客別",
      priority: "high",
      duration_days: 3,
      checklist: ["単価確認"],
    });
    expect(a).toMatchObject({
      title: "見積書の作成",
      priority: "high",
      duration_days: 3,
      start_offset_days: 0,
      assignee_rule: "user",
      day_basis: "business",
      checklist: ["単価確認"],
      origin: "manual",
    });
    const b = await newTaskTpl(w, { title: "請求書の発行" });
    const c = await newTaskTpl(w, { title: "入金確認" });
    const list = await t.api.call(
      listTaskTplsContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.member },
    );
    expect(list.status).toBe(200);
    expect(list.body.items.map((item: { title: string }) => item.title)).toEqual([
      "見積書の作成",
      "請求書の発行",
      "入金確認",
    ]);
    const search = await t.api.call(
      listTaskTplsContract,
      { query: { workspace_id: w.workspaceId, q: "請求" } },
      { token: w.owner },
    );
    expect(search.body).toMatchObject({ total: 1, items: [{ id: b.id }] });
    const pct = await t.api.call(
      listTaskTplsContract,
      { query: { workspace_id: w.workspaceId, q: "%" } },
      { token: w.owner },
    );
    expect(pct.body.total).toBe(0);

    const edited = await t.api.call(
      updateTaskTplContract,
      { params: { id: a.id }, body: { duration_days: 5, day_basis: "calendar" } },
      { token: w.admin },
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: "見積書の作成",
      duration_days: 5,
      day_basis: "calendar",
      checklist: ["単価確認"],
      priority: "high",
    });
    expect(
      (await t.api.call(getTaskTplContract, { params: { id: a.id } }, { token: w.member })).body.duration_days,
    ).toBe(5);

    const bulk = await t.api.call(
      updateTaskTplsContract,
      {
        body: {
          workspace_id: w.workspaceId,
          items: [{ id: b.id, title: "請求書を発行する" }],
          order: [c.id, a.id, b.id],
        },
      },
      { token: w.owner },
    );
    expect(bulk.status).toBe(200);
    const after = await t.api.call(
      listTaskTplsContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.owner },
    );
    expect(after.body.items.map((item: { title: string }) => item.title)).toEqual([
      "入金確認",
      "見積書の作成",
      "請求書を発行する",
    ]);

    expect((await t.api.call(deleteTaskTplContract, { params: { id: c.id } }, { token: w.owner })).status).toBe(200);
    expect((await t.api.call(getTaskTplContract, { params: { id: c.id } }, { token: w.owner })).status).toBe(404);
  });

  it("lets only manage_templates edit; members read and use; guests neither", async () => {
    const w = await world();
    const tpl = await newTaskTpl(w, { title: "議事録の共有" });
    const denied = await t.api.call(
      newTaskTplContract,
      { body: { workspace_id: w.workspaceId, title: "x" } },
      { token: w.member },
    );
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual(errorBody);
    expect(
      (await t.api.call(updateTaskTplContract, { params: { id: tpl.id }, body: { title: "y" } }, { token: w.member }))
        .status,
    ).toBe(403);
    expect((await t.api.call(deleteTaskTplContract, { params: { id: tpl.id } }, { token: w.member })).status).toBe(403);
    expect(
      (
        await t.api.call(
          updateTaskTplsContract,
          { body: { workspace_id: w.workspaceId, order: [tpl.id] } },
          { token: w.member },
        )
      ).status,
    ).toBe(403);
    expect((await t.api.call(getTaskTplContract, { params: { id: tpl.id } }, { token: w.member })).status).toBe(200);
    expect((await t.api.call(getTaskTplContract, { params: { id: tpl.id } }, { token: w.guest })).status).toBe(403);
    expect(
      (await t.api.call(listTaskTplsContract, { query: { workspace_id: w.workspaceId } }, { token: w.guest })).status,
    ).toBe(403);
    const used = await t.api.call(
      useTaskTplContract,
      {
        body: {
          workspace_id: w.workspaceId,
          ids: [tpl.id],
          start_date: "2026-04-21",
          project_id: w.projectId,
        },
      },
      { token: w.member },
    );
    expect(used.status).toBe(201);
    expect(used.body.items[0]).toMatchObject({
      title: "議事録の共有",
      project_id: w.projectId,
      assignee: { id: w.memberId },
    });
    // A member who does not see the project cannot use a template there.
    const hidden = await t.api.call(
      useTaskTplContract,
      {
        body: {
          workspace_id: w.workspaceId,
          ids: [tpl.id],
          start_date: "2026-04-21",
          project_id: w.projectId,
        },
      },
      { token: w.stranger },
    );
    expect(hidden.status).toBe(404);
  });

  it("answers another workspace's templates, parents and bodies 404, and writes nothing", async () => {
    const w = await world();
    const tpl = await newTaskTpl(w, { title: "社外秘の手順" });
    for (const [method, url] of [
      ["GET", `/app/task-tpl/${tpl.id}`],
      ["PATCH", `/app/task-tpl/${tpl.id}`],
      ["DELETE", `/app/task-tpl/${tpl.id}`],
      ["GET", `/app/primary-item-tpl/${tpl.id}`],
    ] as const) {
      const res = await t.api.raw({
        method,
        url,
        token: w.outsider,
        payload: method === "PATCH" ? { title: "乗っ取り" } : undefined,
      });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain("社外秘");
    }
    // A task template read as another kind is not found either.
    expect((await t.api.call(getPrimaryItemTplContract, { params: { id: tpl.id } }, { token: w.owner })).status).toBe(
      404,
    );
    expect(
      (await t.api.call(listTaskTplsContract, { query: { workspace_id: w.workspaceId } }, { token: w.outsider }))
        .status,
    ).toBe(404);
    // The outsider names their own workspace and this template: 404.
    const foreignTpl = await t.api.call(
      useTaskTplContract,
      {
        body: {
          workspace_id: w.outsiderWorkspaceId,
          ids: [tpl.id],
          start_date: "2026-04-21",
          project_id: w.outsiderProjectId,
        },
      },
      { token: w.outsider },
    );
    expect(foreignTpl.status).toBe(404);
    // The owner names the outsider's project as the parent: 404, nothing written.
    const before = await rowCounts(w.workspaceId);
    const foreignParent = await t.api.call(
      useTaskTplContract,
      {
        body: {
          workspace_id: w.workspaceId,
          ids: [tpl.id],
          start_date: "2026-04-21",
          project_id: w.outsiderProjectId,
        },
      },
      { token: w.owner },
    );
    expect(foreignParent.status).toBe(404);
    const foreignBulk = await t.api.call(
      updateTaskTplsContract,
      {
        body: {
          workspace_id: w.outsiderWorkspaceId,
          order: [tpl.id],
        },
      },
      { token: w.outsider },
    );
    expect(foreignBulk.status).toBe(404);
    const foreignAssignee = await t.api.call(
      useTaskTplContract,
      {
        body: {
          workspace_id: w.workspaceId,
          ids: [tpl.id],
          start_date: "2026-04-21",
          project_id: w.projectId,
          assignee_id: UNKNOWN_ID,
        },
      },
      { token: w.owner },
    );
    expect(foreignAssignee.status).toBe(404);
    expect(await rowCounts(w.workspaceId)).toEqual(before);
    expect((await t.api.call(getTaskTplContract, { params: { id: tpl.id } }, { token: w.owner })).body.title).toBe(
      "社外秘の手順",
    );
  });
});

describe("use", () => {
  it("makes a primary item template's whole tree under a project with business-day dates across Golden Week", async () => {
    const w = await world();
    const tpl = await newPrimaryTpl(w);
    expect(tpl.task_count).toBe(4);
    const res = await t.api.call(
      usePrimaryItemTplContract,
      {
        body: {
          workspace_id: w.workspaceId,
          ids: [tpl.id],
          start_date: "2026-04-28",
          project_id: w.projectId,
        },
      },
      { token: w.member },
    );
    expect(res.status).toBe(201);
    const item = res.body.items[0]!;
    expect(item).toMatchObject({ name: "展示会出展", project_id: w.projectId, meeting_id: null });
    expect(item.secondary_items.map((s: { name: string }) => s.name)).toEqual(["準備", "当日運営"]);
    const dates = (task: { starts_at: string | null; expires_at: string | null }) => [
      tokyoDate(task.starts_at!),
      tokyoDate(task.expires_at!),
    ];
    const apply = item.secondary_items[0]!.tasks[0]!;
    const booth = item.secondary_items[0]!.tasks[1]!;
    // 4/28 (火) is day 0; 4/29 昭和の日; 5/2-5/6 weekend, 憲法記念日, みどりの日, こどもの日, 振替休日.
    expect(dates(apply!)).toEqual(["2026-04-28", "2026-04-28"]);
    expect(dates(booth!)).toEqual(["2026-04-30", "2026-05-07"]);
    expect(booth.description).toContain("☐ 電源容量");
    const shift = item.secondary_items[1]!.tasks[0]!;
    expect(dates(shift!)).toEqual(["2026-05-01", "2026-05-07"]);
    // Assignee rules: the user who used it, the project's manager, nobody.
    expect(apply.assignee!.id).toBe(w.memberId);
    expect(shift.assignee!.id).toBe(w.adminId);
    expect(item.tasks[0]).toMatchObject({
      title: "振り返り",
      assignee: null,
      primary_item_id: item.id,
      secondary_item_id: null,
    });
    expect(dates(item.tasks[0]!)).toEqual(["2026-05-08", "2026-05-08"]);
    // The project tab shows them, none due before the start date.
    const list = await t.api.call(
      listTasksContract,
      { query: { workspace_id: w.workspaceId, tab: "project", project_id: w.projectId } },
      { token: w.owner },
    );
    expect(list.body.total).toBe(4);
    for (const task of list.body.items) expect(tokyoDate(task.expires_at!) >= "2026-04-28").toBe(true);
  });

  it("skips the workspace's closed days and previews the same dates before anything is made", async () => {
    const w = await world();
    const put = await t.api.call(
      putClosedDaysContract,
      {
        body: {
          workspace_id: w.workspaceId,
          from: "2026-01-01",
          to: "2026-12-31",
          items: [{ date: "2026-05-01", name: "創立記念日" }],
        },
      },
      { token: w.owner },
    );
    expect(put.status).toBe(200);
    expect(
      (
        await t.api.call(
          putClosedDaysContract,
          {
            body: {
              workspace_id: w.workspaceId,
              from: "2026-01-01",
              to: "2026-12-31",
              items: [],
            },
          },
          { token: w.member },
        )
      ).status,
    ).toBe(403);
    const tpl = await newPrimaryTpl(w);
    const before = await rowCounts(w.workspaceId);
    const preview = await t.api.call(
      previewTemplateContract,
      {
        body: {
          workspace_id: w.workspaceId,
          start_date: "2026-04-28",
          kind: "primary_item",
          ids: [tpl.id],
        },
      },
      { token: w.member },
    );
    expect(preview.status).toBe(200);
    expect(await rowCounts(w.workspaceId)).toEqual(before);
    expect(preview.body).toMatchObject({ start_date: "2026-04-28", first_day: "2026-04-28", last_day: "2026-05-11" });
    const shift = preview.body.items[0]!.secondary_items[1]!.tasks[0];
    expect(shift).toMatchObject({ title: "シフト作成", starts_on: "2026-05-07", due_on: "2026-05-08" });
    expect(preview.body.days_off).toEqual(
      expect.arrayContaining([
        { date: "2026-04-29", kind: "holiday", name: "昭和の日" },
        { date: "2026-05-01", kind: "closed", name: "創立記念日" },
        { date: "2026-05-02", kind: "weekend", name: null },
        { date: "2026-05-06", kind: "holiday", name: "こどもの日 振替休日" },
      ]),
    );
    const used = await t.api.call(
      usePrimaryItemTplContract,
      {
        body: {
          workspace_id: w.workspaceId,
          ids: [tpl.id],
          start_date: "2026-04-28",
          project_id: w.projectId,
        },
      },
      { token: w.member },
    );
    const usedShift = used.body.items[0]!.secondary_items[1]!.tasks[0]!;
    expect([tokyoDate(usedShift.starts_at!), tokyoDate(usedShift.expires_at!)]).toEqual(["2026-05-07", "2026-05-08"]);
    // A draft previews too (the editor, an AI draft), here in calendar days from a Saturday.
    const draft = await t.api.call(
      previewTemplateContract,
      {
        body: {
          workspace_id: w.workspaceId,
          start_date: "2026-05-02",
          draft: { day_basis: "calendar", tasks: [{ title: "片付け", start_offset_days: 1, duration_days: 2 }] },
        },
      },
      { token: w.member },
    );
    expect(draft.body.items[0]!.tasks[0]).toMatchObject({ starts_on: "2026-05-03", due_on: "2026-05-04" });
    expect(draft.body.first_day).toBe("2026-05-02");
  });

  it("makes templates under a meeting, a primary item and a secondary item", async () => {
    const w = await world();
    const primaryTpl = await newPrimaryTpl(w);
    const onMeeting = await t.api.call(
      usePrimaryItemTplContract,
      {
        body: {
          workspace_id: w.workspaceId,
          ids: [primaryTpl.id],
          start_date: "2026-04-21",
          meeting_id: w.meetingId,
        },
      },
      { token: w.owner },
    );
    expect(onMeeting.status).toBe(201);
    expect(onMeeting.body.items[0]).toMatchObject({ meeting_id: w.meetingId, project_id: null });
    expect(onMeeting.body.items[0]!.secondary_items[0]!.tasks[0]!.meeting_id).toBe(w.meetingId);
    const agenda = await t.api.call(
      listPrimaryItemsContract,
      { query: { workspace_id: w.workspaceId, meeting_id: w.meetingId } },
      { token: w.owner },
    );
    expect(agenda.body.items.map((i: { name: string }) => i.name)).toEqual(["展示会出展"]);

    const primaryItemId = await newPrimaryItem(w);
    const secondaryTpl = await t.api.call(
      newSecondaryItemTplContract,
      {
        body: {
          workspace_id: w.workspaceId,
          name: "広報",
          day_basis: "calendar",
          tasks: [{ title: "プレスリリース", start_offset_days: 2, duration_days: 3 }],
        },
      },
      { token: w.owner },
    );
    expect(secondaryTpl.status).toBe(201);
    const underPrimary = await t.api.call(
      useSecondaryItemTplContract,
      {
        body: {
          workspace_id: w.workspaceId,
          ids: [secondaryTpl.body.id, secondaryTpl.body.id],
          start_date: "2026-04-21",
          primary_item_id: primaryItemId,
        },
      },
      { token: w.member },
    );
    expect(underPrimary.status).toBe(201);
    // The same id named twice is one template, made once.
    expect(underPrimary.body.items).toHaveLength(1);
    const secondary = underPrimary.body.items[0]!;
    expect(secondary).toMatchObject({ name: "広報", primary_item_id: primaryItemId, project_id: w.projectId });
    expect(tokyoDate(secondary.tasks[0]!.expires_at!)).toBe("2026-04-25");

    const taskTpl = await newTaskTpl(w, { title: "ゲラ確認", duration_days: 2 });
    const underSecondary = await t.api.call(
      useTaskTplContract,
      {
        body: {
          workspace_id: w.workspaceId,
          ids: [taskTpl.id],
          start_date: "2026-04-24",
          secondary_item_id: secondary.id,
        },
      },
      { token: w.member },
    );
    expect(underSecondary.status).toBe(201);
    // Friday + 2 business days: the following Monday.
    expect(underSecondary.body.items[0]).toMatchObject({
      secondary_item_id: secondary.id,
      primary_item_id: primaryItemId,
      project_id: w.projectId,
    });
    expect(tokyoDate(underSecondary.body.items[0]!.expires_at!)).toBe("2026-04-27");
    const underPrimaryTask = await t.api.call(
      useTaskTplContract,
      {
        body: {
          workspace_id: w.workspaceId,
          ids: [taskTpl.id],
          start_date: "2026-04-24",
          primary_item_id: primaryItemId,
        },
      },
      { token: w.member },
    );
    expect(underPrimaryTask.body.items[0]).toMatchObject({ primary_item_id: primaryItemId, secondary_item_id: null });
    const underMeeting = await t.api.call(
      useTaskTplContract,
      {
        body: {
          workspace_id: w.workspaceId,
          ids: [taskTpl.id],
          start_date: "2026-04-24",
          meeting_id: w.meetingId,
          assignee_id: w.adminId,
        },
      },
      { token: w.member },
    );
    expect(underMeeting.body.items[0]).toMatchObject({ meeting_id: w.meetingId, assignee: { id: w.adminId } });
  });

  it("is all or nothing: a missing template, a trashed or foreign parent, or a guest leaves nothing written", async () => {
    const w = await world();
    const tpl = await newPrimaryTpl(w);
    const taskTpl = await newTaskTpl(w, { title: "確認" });
    const primaryItemId = await newPrimaryItem(w);
    const livePrimaryItemId = await newPrimaryItem(w);
    const outsiderItem = await t.api.call(
      newPrimaryItemContract,
      {
        body: {
          workspace_id: w.outsiderWorkspaceId,
          project_id: w.outsiderProjectId,
          name: "他社の大項目",
        },
      },
      { token: w.outsider },
    );
    await t.api.call(deletePrimaryItemContract, { params: { id: primaryItemId } }, { token: w.owner });
    const before = await rowCounts(w.workspaceId);
    const attempts = [
      [w.owner, "/app/primary-item-tpl/use", { ids: [tpl.id, UNKNOWN_ID], project_id: w.projectId }, 404],
      [w.owner, "/app/primary-item-tpl/use", { ids: [tpl.id], project_id: w.outsiderProjectId }, 404],
      [w.owner, "/app/primary-item-tpl/use", { ids: [tpl.id], meeting_id: UNKNOWN_ID }, 404],
      [w.owner, "/app/task-tpl/use", { ids: [taskTpl.id], primary_item_id: outsiderItem.body.id }, 404],
      [w.owner, "/app/task-tpl/use", { ids: [taskTpl.id], primary_item_id: primaryItemId }, 409],
      // A primary item template's id is not a secondary item template's.
      [w.owner, "/app/secondary-item-tpl/use", { ids: [tpl.id], primary_item_id: livePrimaryItemId }, 404],
      [w.guest, "/app/primary-item-tpl/use", { ids: [tpl.id], project_id: w.projectId }, 403],
      [w.guest, "/app/task-tpl/use", { ids: [taskTpl.id], project_id: w.projectId }, 403],
      [w.owner, "/app/task-tpl/use", { ids: [taskTpl.id], project_id: w.projectId, meeting_id: w.meetingId }, 400],
    ] as const;
    for (const [token, url, body, status] of attempts) {
      const res = await t.api.raw({
        method: "POST",
        url,
        token,
        payload: { workspace_id: w.workspaceId, start_date: "2026-04-21", ...body },
      });
      expect(res.status, `${url} ${JSON.stringify(body)}`).toBe(status);
      expect(res.body).toEqual(errorBody);
    }
    expect(await rowCounts(w.workspaceId)).toEqual(before);
  });

  it("counts a PATCH's tasks with the parts it keeps: the tree never grows past 300 tasks", async () => {
    const w = await world();
    const tasks = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `作業${i + 1}` }));
    const tpl = await newPrimaryTpl(w, { name: "大型案件", secondary_items: [{ name: "工程", tasks: tasks(300) }] });
    expect(tpl.task_count).toBe(300);
    const grown = await t.api.call(
      updatePrimaryItemTplContract,
      { params: { id: tpl.id }, body: { tasks: tasks(300) } },
      { token: w.owner },
    );
    expect(grown).toMatchObject({ status: 400, body: { ...errorBody, code: "template_too_large" } });
    const fewer = await t.api.call(
      updatePrimaryItemTplContract,
      {
        params: { id: tpl.id },
        body: {
          secondary_items: [{ name: "工程", tasks: tasks(100) }],
        },
      },
      { token: w.owner },
    );
    expect(fewer.body.task_count).toBe(100);
    expect(
      (
        await t.api.call(
          updatePrimaryItemTplContract,
          { params: { id: tpl.id }, body: { tasks: tasks(200) } },
          { token: w.owner },
        )
      ).body.task_count,
    ).toBe(300);
    expect(
      (
        await t.api.call(
          updatePrimaryItemTplContract,
          { params: { id: tpl.id }, body: { tasks: tasks(201) } },
          { token: w.owner },
        )
      ).status,
    ).toBe(400);
  });

  it("makes 200 tasks in one transaction in a fixed number of queries", async () => {
    const w = await world();
    const bigTree = (rules: readonly ("user" | "manager" | "none")[]) => ({
      name: "大規模展示会",
      day_basis: "business" as const,
      secondary_items: Array.from({ length: 10 }, (_, i) => ({
        name: `工程${i + 1}`,
        tasks: Array.from({ length: 20 }, (_, j) => ({
          title: `作業${i + 1}-${j + 1}`,
          start_offset_days: i * 5 + j,
          duration_days: 3,
          assignee_rule: rules[j % rules.length],
          checklist: ["確認"],
        })),
      })),
    });
    // Assigned to the caller or nobody: no one else is notified, so nothing but the tree is written.
    const big = bigTree(["user", "none"]);
    const tpl = await newPrimaryTpl(w, big);
    expect(tpl.task_count).toBe(200);
    const small = await newPrimaryTpl(w, {
      ...big,
      secondary_items: big.secondary_items.slice(0, 1).map((s) => ({ ...s, tasks: s.tasks.slice(0, 2) })),
    });
    // A third of the tasks go to the project's manager, who is notified of each.
    const notifying = await newPrimaryTpl(w, bigTree(["user", "manager", "none"]));
    const use = async (id: string) => {
      let res: Answer<typeof usePrimaryItemTplContract> | undefined;
      const queries = await countQueries(t.ctx.database, async () => {
        res = await t.api.call(
          usePrimaryItemTplContract,
          {
            body: {
              workspace_id: w.workspaceId,
              ids: [id],
              start_date: "2026-04-28",
              project_id: w.projectId,
            },
          },
          { token: w.member },
        );
      });
      expect(res!.status).toBe(201);
      return { queries, res: res! };
    };
    const few = await use(small.id);
    const many = await use(tpl.id);
    const withNotices = await use(notifying.id);
    // Statement counts only: times belong in bench/, not in a test on a shared machine.
    console.info(
      `use of a 200-task template: ${many.queries} queries; 2 tasks: ${few.queries}; ` +
        `200 tasks with 66 assigned to the manager: ${withNotices.queries}`,
    );
    expect(many.queries).toBe(few.queries);
    const made = many.res.body.items[0]!;
    expect(made.secondary_items).toHaveLength(10);
    expect(made.secondary_items.flatMap((s: { tasks: unknown[] }) => s.tasks)).toHaveLength(200);
    const [n] = await t.ctx.db
      .select({ n: count() })
      .from(tasks)
      .where(and(eq(tasks.workspaceId, w.workspaceId), eq(tasks.primaryItemId, made.id)));
    expect(n!.n).toBe(200);
  });
});

describe("save as template", () => {
  it("turns a primary item with its secondary items and tasks into a template that makes the same tree again", async () => {
    const w = await world();
    const primaryItemId = await newPrimaryItem(w);
    const secondary = await t.api.call(
      newSecondaryItemContract,
      {
        body: {
          workspace_id: w.workspaceId,
          primary_item_id: primaryItemId,
          name: "会場",
        },
      },
      { token: w.owner },
    );
    const mk = (title: string, starts: string | null, expires: string | null, extra: object = {}) =>
      t.api.call(
        newTaskContract,
        {
          body: {
            workspace_id: w.workspaceId,
            title,
            primary_item_id: primaryItemId,
            ...(starts && { starts_at: starts }),
            ...(expires && { expires_at: expires }),
            ...extra,
          },
        },
        { token: w.owner },
      );
    await mk("会場下見", "2026-06-01", "2026-06-03", {
      secondary_item_id: secondary.body.id,
      assignee_id: w.memberId,
      priority: "high",
    });
    await mk("備品手配", "2026-06-05", "2026-06-05", { secondary_item_id: secondary.body.id });
    await mk("お礼状", null, null);
    const saved = await t.api.call(
      savePrimaryItemAsTplContract,
      {
        body: {
          primary_item_id: primaryItemId,
          name: "イベント開催",
        },
      },
      { token: w.owner },
    );
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      name: "イベント開催",
      origin: "saved",
      day_basis: "calendar",
      task_count: 3,
      secondary_items: [
        {
          name: "会場",
          tasks: [
            { title: "会場下見", start_offset_days: 0, duration_days: 3, priority: "high", assignee_rule: "user" },
            { title: "備品手配", start_offset_days: 4, duration_days: 1, assignee_rule: "none" },
          ],
        },
      ],
      tasks: [{ title: "お礼状", start_offset_days: 0, duration_days: 1 }],
    });
    const used = await t.api.call(
      usePrimaryItemTplContract,
      {
        body: {
          workspace_id: w.workspaceId,
          ids: [saved.body.id],
          start_date: "2026-07-01",
          project_id: w.projectId,
        },
      },
      { token: w.owner },
    );
    const down = used.body.items[0]!.secondary_items[0]!.tasks[0]!;
    const stock = used.body.items[0]!.secondary_items[0]!.tasks[1]!;
    expect([tokyoDate(down.starts_at!), tokyoDate(down.expires_at!)]).toEqual(["2026-07-01", "2026-07-03"]);
    expect(tokyoDate(stock.expires_at!)).toBe("2026-07-05");

    const fromSecondary = await t.api.call(
      saveSecondaryItemAsTplContract,
      {
        body: {
          secondary_item_id: secondary.body.id,
          day_basis: "business",
        },
      },
      { token: w.owner },
    );
    expect(fromSecondary.body).toMatchObject({
      name: "会場",
      task_count: 2,
      tasks: [
        { start_offset_days: 0, duration_days: 3 },
        { start_offset_days: 4, duration_days: 1 },
      ],
    });
    const task = await mk("単独のタスク", "2026-06-01", "2026-06-10");
    const fromTask = await t.api.call(saveTaskAsTplContract, { body: { task_id: task.body.id } }, { token: w.owner });
    expect(fromTask.body).toMatchObject({ title: "単独のタスク", duration_days: 10, origin: "saved" });
    // Saving needs manage_templates and an item or task the caller sees.
    expect(
      (
        await t.api.call(
          savePrimaryItemAsTplContract,
          { body: { primary_item_id: primaryItemId } },
          { token: w.member },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await t.api.call(
          savePrimaryItemAsTplContract,
          { body: { primary_item_id: primaryItemId } },
          { token: w.outsider },
        )
      ).status,
    ).toBe(404);
    expect(
      (await t.api.call(saveTaskAsTplContract, { body: { task_id: task.body.id } }, { token: w.outsider })).status,
    ).toBe(404);
  });
});

describe("bad input", () => {
  it("answers NUL characters, huge trees, bad dates and unknown fields 400 with a Japanese message", async () => {
    const w = await world();
    const cases: [string, object][] = [
      ["/app/task-tpl/new", { title: "a\u0000b" }],
      ["/app/task-tpl/new", { title: "x".repeat(201) }],
      ["/app/task-tpl/new", { title: "x", duration_days: 0 }],
      ["/app/task-tpl/new", { title: "x", start_offset_days: 100000 }],
      ["/app/task-tpl/new", { title: "x", checklist: Array.from({ length: 51 }, () => "a") }],
      ["/app/task-tpl/new", { title: "x", extra: true }],
      ["/app/primary-item-tpl/new", { name: "x", tasks: Array.from({ length: 301 }, () => ({ title: "t" })) }],
      [
        "/app/primary-item-tpl/new",
        {
          name: "x",
          secondary_items: [{ name: "s", tasks: Array.from({ length: 200 }, () => ({ title: "t" })) }],
          tasks: Array.from({ length: 101 }, () => ({ title: "t" })),
        },
      ],
      ["/app/primary-item-tpl/new", { name: "x", description: "あ".repeat(10001) }],
      ["/app/template/preview", { start_date: "2026-02-30", draft: { tasks: [] } }],
      ["/app/template/preview", { start_date: "2026-04-01" }],
    ];
    for (const [url, body] of cases) {
      const res = await t.api.raw({
        method: "POST",
        url,
        token: w.owner,
        payload: { workspace_id: w.workspaceId, ...body },
      });
      expect(res.status, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(res.body).toEqual(errorBody);
      expect(res.body.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    }
    const [n] = await t.ctx.db.select({ n: count() }).from(templates).where(eq(templates.workspaceId, w.workspaceId));
    expect(n!.n).toBe(0);
  });
});
