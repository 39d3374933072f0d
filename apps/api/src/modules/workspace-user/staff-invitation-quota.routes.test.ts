// Issue 9, item 6: invitations are no mail cannon — quotas per address and per workspace counted before
// anything is sent, mail through the queue with throttling, and no inviter's text with links in subjects.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobsNamed, until } from "../../../test/job-helpers.ts";
import { apiOf, closeApp, errorBody, eventsOf, japanese } from "../../../test/staff-fixtures.ts";
import {
  createTestApp,
  PASSWORD,
  signUp,
  signUpWithWorkspace,
  type TestApp,
  uniqueEmail,
} from "../../../test/test-app.ts";
import { JOBS_SCHEMA } from "../../jobs/pg-boss-jobs.ts";

const WORKSPACE_QUOTA = 45;
let t: TestApp;
let api: ReturnType<typeof apiOf>;
beforeAll(async () => {
  t = await createTestApp({ config: { invitationDailyLimit: WORKSPACE_QUOTA } });
  api = apiOf(t);
});
afterAll(async () => {
  await closeApp(t);
});

const invite = (token: string, workspaceId: string, email: string, extra: object = {}) =>
  api("POST", "/app/workspace-user/new", token, {
    workspace_id: workspaceId,
    email,
    last_name: "招待",
    first_name: "太郎",
    ...extra,
  });

/** Waits until every invitation job of a record has run (completed), so that its mails have all arrived. */
async function settled(staffId: string) {
  await until(async () =>
    (await jobsNamed(t.ctx.db, "send-invitation"))
      .filter((job) => job.data.staff_id === staffId)
      .every((job) => job.state === "completed"),
  );
}

const quota = { status: 429, body: { ...errorBody, code: "invitation_quota" } };

describe("invitation mails", () => {
  it("keep the inviter's links out of the subject and the text; the only link is the invitation's", async () => {
    const owner = await signUpWithWorkspace(t, "当選のお知らせ https://evil.example/win ｗｗｗ．ｅｖｉｌ．ｃｏｍ");
    const email = uniqueEmail("victim");
    expect(
      (await invite(owner.tokens.access_token, owner.workspace.id, email, { last_name: "詳細はevil.example/a" }))
        .status,
    ).toBe(201);
    const mail = await t.smtp.lastMailTo(email, 30_000);
    expect(mail.subject).toBe("【Tasuki】「当選のお知らせ」への招待");
    expect(mail.subject).not.toMatch(/http|evil|www/i);
    expect(mail.text).not.toMatch(/evil/i);
    expect(mail.text.match(/https?:\/\/\S+/g)).toEqual([
      expect.stringMatching(/^http:\/\/localhost:3000\/invitation\?token=/),
    ]);
    expect(mail.text).toContain("詳細は");
  });

  it("moving an invitation to another address is a new invitation: the old link stops working at once", async () => {
    const owner = await signUpWithWorkspace(t, "宛先変更株式会社");
    const first = uniqueEmail("typo");
    const invited = await invite(owner.tokens.access_token, owner.workspace.id, first);
    const oldToken = /token=([\w-]+)/.exec((await t.smtp.lastMailTo(first, 30_000)).text)![1]!;

    const second = uniqueEmail("fixed");
    const moved = await api("PATCH", `/app/workspace-user/${invited.body.id}`, owner.tokens.access_token, {
      email: second,
    });
    expect(moved.body).toMatchObject({ email: second, status: "invited" });
    const holder = await signUp(t, uniqueEmail("holder"));
    const stale = await api("POST", "/app/workspace-user/accept-invitation", holder.tokens.access_token, {
      token: oldToken,
    });
    expect(stale).toMatchObject({ status: 400, body: { code: "invitation_invalid" } });

    const newToken = /token=([\w-]+)/.exec((await t.smtp.lastMailTo(second, 30_000)).text)![1]!;
    expect(newToken).not.toBe(oldToken);
    expect(await eventsOf(t, owner.workspace.id, invited.body.id)).toEqual(["invited", "invited"]);
    const joined = await api("POST", "/app/workspace-user/accept-invitation", holder.tokens.access_token, {
      token: newToken,
    });
    expect(joined).toMatchObject({ status: 200, body: { id: invited.body.id, status: "active" } });
  });
});

// Last: the import leaves throttled jobs that run a minute later, after this file's other mails.
describe("invitation quotas", () => {
  it("re-sends to one address at most 5 times a day, however many PATCH calls arrive at once", async () => {
    const owner = await signUpWithWorkspace(t, "再送株式会社");
    const email = uniqueEmail("target");
    const invited = await invite(owner.tokens.access_token, owner.workspace.id, email);
    expect(invited.status).toBe(201);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api("PATCH", `/app/workspace-user/${invited.body.id}`, owner.tokens.access_token, {}),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    // The invitation itself was the first of the five.
    expect(statuses.filter((status) => status === 200)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(16);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused).toMatchObject(quota);
    expect(refused.body.message).toMatch(japanese);
    expect(refused.body.message).toContain("1日5通");

    // A refused re-send changes nothing, not even with a field in it. The accepted re-sends' jobs write the
    // invitation (a new link, invited_at) when they run: read it once they have all run.
    await settled(invited.body.id);
    const before = (await api("GET", `/app/workspace-user/${invited.body.id}`, owner.tokens.access_token)).body;
    const renamed = await api("PATCH", `/app/workspace-user/${invited.body.id}`, owner.tokens.access_token, {
      last_name: "改名",
    });
    expect(renamed).toMatchObject(quota);
    expect((await api("GET", `/app/workspace-user/${invited.body.id}`, owner.tokens.access_token)).body).toEqual(
      before,
    );

    await settled(invited.body.id);
    const mails = t.smtp.mailsTo(email);
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(mails.length).toBeLessThanOrEqual(5);

    // The address's quota holds across workspaces: another company cannot mail it either.
    const other = await signUpWithWorkspace(t, "別会社");
    expect(await invite(other.tokens.access_token, other.workspace.id, email)).toMatchObject(quota);
    // A day later it may be invited again.
    t.advance(24 * 60 * 60 * 1000);
    const login = await api("POST", "/app/auth/login-with-email", undefined, {
      email: other.email,
      password: PASSWORD,
    });
    expect((await invite(login.body.access_token, other.workspace.id, email)).status).toBe(201);
  });

  it("refuses an import that does not fit the workspace's daily quota, writing and spending nothing", async () => {
    const owner = await signUpWithWorkspace(t, "大量取込株式会社");
    const rows = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => ({
        email: uniqueEmail(`${prefix}${i}`),
        last_name: "取込",
        first_name: "花子",
      }));
    const importRows = (list: object[]) =>
      api("POST", "/app/workspace-user/import", owner.tokens.access_token, {
        workspace_id: owner.workspace.id,
        dry_run: false,
        rows: list,
      });
    const total = async () =>
      (await api("GET", `/app/workspace-user/list?workspace_id=${owner.workspace.id}`, owner.tokens.access_token)).body
        .total;

    const tooMany = rows(WORKSPACE_QUOTA + 1, "over");
    const refused = await importRows(tooMany);
    expect(refused).toMatchObject(quota);
    expect(refused.body.message).toMatch(japanese);
    expect(await total()).toBe(1);
    expect(t.smtp.mailsTo(tooMany[0]!.email)).toEqual([]);

    // The refused file spent nothing: exactly the quota fits.
    const fits = rows(WORKSPACE_QUOTA, "fit");
    expect((await importRows(fits)).body).toMatchObject({ created: WORKSPACE_QUOTA });
    expect(await total()).toBe(WORKSPACE_QUOTA + 1);
    expect(await invite(owner.tokens.access_token, owner.workspace.id, uniqueEmail("one-more"))).toMatchObject(quota);

    // Sent through the queue, throttled: 30 at once, the rest a minute later.
    const ids = new Set(
      (
        await api(
          "GET",
          `/app/workspace-user/list?workspace_id=${owner.workspace.id}&status=invited&per_page=100`,
          owner.tokens.access_token,
        )
      ).body.items.map((row: { id: string }) => row.id),
    );
    const jobs = (
      (await t.ctx.db.execute(
        sql`select data, start_after, created_on from ${sql.identifier(JOBS_SCHEMA)}.job where name = 'send-invitation'`,
      )) as unknown as { rows: { data: { staff_id: string }; start_after: string; created_on: string }[] }
    ).rows.filter((job) => ids.has(job.data.staff_id));
    expect(jobs).toHaveLength(WORKSPACE_QUOTA);
    const delay = (job: (typeof jobs)[number]) =>
      new Date(job.start_after).getTime() - new Date(job.created_on).getTime();
    expect(jobs.filter((job) => delay(job) < 30_000)).toHaveLength(30);
    expect(jobs.filter((job) => delay(job) >= 55_000)).toHaveLength(WORKSPACE_QUOTA - 30);
    // The job rows carry ids, never a token or a link.
    for (const job of jobs) expect(JSON.stringify(job.data)).not.toMatch(/token|invitation\?/);
    // The first batch arrives.
    const first = await t.smtp.lastMailTo(fits[0]!.email, 30_000);
    expect(first.text).toContain("/invitation?token=");
  });
});
