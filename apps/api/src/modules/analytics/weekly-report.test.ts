/**
 * 週次レポート on an injected clock, mailed over real SMTP. The tasks, all created by the owner on Wed 11 Nov 2026
 * 09:00 (Tokyo) and managed by M unless said:
 *  K1 A, due Fri 13 Nov — completed Thu 12 Nov (on time)
 *  K2 A, due Thu 12 Nov — open: overdue from 13 Nov
 *  K3 A, due Wed 18 Nov — open: due in the report's week
 *  K4 A, due Fri 20 Nov, managed by O, who turned the weekly report off
 * P manages nothing; the owner manages nothing either. Neither gets a report.
 */
import { loginWithEmailContract } from "@tasuki/contract/auth/login-with-email.contract";
import {
  getNotificationPreferenceContract,
  putNotificationPreferenceContract,
} from "@tasuki/contract/notification/notification.contracts";
import { newTaskContract, putTaskStatusContract } from "@tasuki/contract/task/task.contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobsNamed } from "../../../test/job-helpers.ts";
import { addStaff, createTestApp, PASSWORD, signUpWithWorkspace, type TestApp } from "../../../test/test-app.ts";
import { reportMonday, runWeeklyReports } from "./weekly-report.service.ts";

let t: TestApp;

const emails = { owner: "", m: "", a: "", o: "", p: "" };

async function setClock(iso: string) {
  t.advance(new Date(iso).getTime() - t.ctx.now().getTime());
}

async function login(email: string) {
  const res = await t.api.call(loginWithEmailContract, { body: { email, password: PASSWORD } });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}

/** The weekly reports handed to the mail job so far: their recipients and subjects, oldest first. */
async function reportJobs() {
  return (await jobsNamed(t.ctx.db, "send-mail"))
    .map((job) => job.data as { to: string; subject: string })
    .filter((mail) => mail.subject.includes("週次レポート"));
}

beforeAll(async () => {
  t = await createTestApp({ start: new Date("2026-11-11T09:00:00+09:00") });
  const owner = await signUpWithWorkspace(t, "株式会社週報");
  const workspaceId = owner.workspace.id;
  const [m, a, o, p] = await Promise.all([
    addStaff(t, workspaceId, "member"),
    addStaff(t, workspaceId, "member"),
    addStaff(t, workspaceId, "member"),
    addStaff(t, workspaceId, "member"),
  ]);
  Object.assign(emails, { owner: owner.email, m: m.email, a: a.email, o: o.email, p: p.email });
  const token = owner.tokens.access_token;
  const task = async (title: string, expires_at: string, manager = m.staffId) => {
    const res = await t.api.call(
      newTaskContract,
      {
        body: {
          workspace_id: workspaceId,
          title,
          assignee_id: a.staffId,
          manager_id: manager,
          expires_at,
        },
      },
      { token },
    );
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const k1 = await task("見積書の送付", "2026-11-13");
  await task("請求書の確認", "2026-11-12");
  await task("来期計画の下書き", "2026-11-18");
  await task("備品の発注", "2026-11-20", o.staffId);
  const off = await t.api.call(
    putNotificationPreferenceContract,
    { body: { weekly_report: false } },
    { token: o.tokens.access_token },
  );
  expect(off.body).toEqual({ email: "immediately", weekly_report: false });
  await setClock("2026-11-12T15:00:00+09:00");
  expect(
    (
      await t.api.call(
        putTaskStatusContract,
        { params: { id: k1 }, body: { status: "done" } },
        { token: await login(a.email) },
      )
    ).status,
  ).toBe(200);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("weekly report", () => {
  it("is due from Monday 09:00 Tokyo: before it, the week before's report is the one owed", () => {
    expect(reportMonday(new Date("2026-11-16T09:00:00+09:00"))).toBe(
      reportMonday(new Date("2026-11-22T23:59:00+09:00")),
    );
    expect(reportMonday(new Date("2026-11-16T08:59:59+09:00"))).toBe(
      reportMonday(new Date("2026-11-16T09:00:00+09:00")) - 7,
    );
  });

  it("mails each manager on Monday 09:00 their last week's figures and what is overdue, once", async () => {
    await setClock("2026-11-16T09:00:00+09:00");
    expect(await runWeeklyReports(t.ctx)).toEqual({ week: "2026-11-16", sent: 1 });
    // Only M: O turned it off, P and the owner manage nothing.
    expect((await reportJobs()).map((mail) => mail.to)).toEqual([emails.m]);

    const mail = await t.smtp.mailWithSubject(emails.m, "週次レポート", 30_000);
    expect(mail.subject).toBe("【Tasuki】週次レポート 11月9日〜11月15日：株式会社週報（期限切れ1件）");
    expect(mail.text).toContain("先週（11月9日〜11月15日）");
    expect(mail.text).toContain("作成: 3件");
    expect(mail.text).toContain("完了: 1件");
    expect(mail.text).toContain("期限内の完了率: 100%（期限のある1件中1件）");
    expect(mail.text).toContain("未完了: 2件（うち期限切れ 1件）");
    expect(mail.text).toContain("今週が期限: 1件");
    expect(mail.text).toContain("・請求書の確認（担当: 鈴木 一郎、期限: 11月12日）");
    expect(mail.text).not.toContain("備品の発注");
    expect(mail.text).toMatch(/\/analytics\/management\/[0-9a-f-]+\?period=range&from=2026-11-09&to=2026-11-15/);
    expect(mail.text).toContain("マイページの「プロフィール」");
    expect(mail.html).toContain("請求書の確認");
    expect(mail.html).toContain("期限内の完了率: 100%");

    // A second run the same week (a retry, another instance) sends nothing.
    await setClock("2026-11-16T09:05:00+09:00");
    expect(await runWeeklyReports(t.ctx)).toEqual({ week: "2026-11-16", sent: 0 });
    expect(await reportJobs()).toHaveLength(1);
  });

  it("catches a missed Monday up once, later in the week", async () => {
    // No run on Monday 23 Nov (no instance was up): the start on Wednesday sends that week's report, once.
    await setClock("2026-11-25T10:00:00+09:00");
    expect(await runWeeklyReports(t.ctx)).toEqual({ week: "2026-11-23", sent: 1 });
    expect(await runWeeklyReports(t.ctx)).toEqual({ week: "2026-11-23", sent: 0 });
    const jobs = await reportJobs();
    expect(jobs.map((mail) => mail.to)).toEqual([emails.m, emails.m]);
    const mail = await t.smtp.mailWithSubject(emails.m, "11月16日〜11月22日", 30_000);
    // Nothing was created or completed that week; K2 and, since the 18th, K3 are overdue.
    expect(mail.text).toContain("作成: 0件");
    expect(mail.text).toContain("期限内の完了率: —（期限のある完了タスクはありません）");
    expect(mail.text).toContain("未完了: 2件（うち期限切れ 2件）");
    expect(mail.text.indexOf("請求書の確認")).toBeLessThan(mail.text.indexOf("来期計画の下書き"));
  });

  it("follows the preference: turned back on, the person gets the next week's report", async () => {
    const o = await login(emails.o);
    expect((await t.api.call(getNotificationPreferenceContract, {}, { token: o })).body).toEqual({
      email: "immediately",
      weekly_report: false,
    });
    expect(
      (await t.api.call(putNotificationPreferenceContract, { body: { weekly_report: true } }, { token: o })).body
        .weekly_report,
    ).toBe(true);
    await setClock("2026-11-30T09:00:00+09:00");
    expect(await runWeeklyReports(t.ctx)).toEqual({ week: "2026-11-30", sent: 2 });
    expect(
      (await reportJobs())
        .slice(2)
        .map((mail) => mail.to)
        .sort(),
    ).toEqual([emails.m, emails.o].sort());
    const mail = await t.smtp.mailWithSubject(emails.o, "週次レポート", 30_000);
    expect(mail.text).toContain("・備品の発注（担当: 鈴木 一郎、期限: 11月20日）");
  });
});
