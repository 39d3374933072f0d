import { getWorkspaceUserMeContract } from "@tasuki/contract/workspace-user/get-workspace-user-me.contract";
import { listWorkspaceUsersContract } from "@tasuki/contract/workspace-user/list-workspace-users.contract";
import * as newContracts from "@tasuki/contract/workspace-user/new-workspace-user.contract";
import { importStaffContract } from "@tasuki/contract/workspace-user/staff-csv.contract";
import { updateWorkspaceUserMeContract } from "@tasuki/contract/workspace-user/update-workspace-user-me.contract";
import * as byIdContracts from "@tasuki/contract/workspace-user/workspace-user-by-id.contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobsNamed, until } from "../../../test/job-helpers.ts";
import {
  apiOf,
  closeApp,
  errorBody,
  eventsOf,
  insertGroup,
  insertImage,
  insertInvitation,
  insertPosition,
  insertStaff,
  japanese,
  type Method,
  type Roster,
  roster,
} from "../../../test/staff-fixtures.ts";
import {
  addStaff,
  createTestApp,
  signUp,
  signUpWithWorkspace,
  type TestApp,
  uniqueEmail,
} from "../../../test/test-app.ts";
import { groupMembers } from "../../db/schema/workspaces.ts";
import { AppError } from "../../lib/app-error.ts";

let t: TestApp;
let api: ReturnType<typeof apiOf>;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(async () => {
  await closeApp(t);
});

const missingId = "01900000-0000-7000-8000-000000000000";
const listOf = async (r: Roster, query = "", token = r.tokens.owner) =>
  (await api("GET", `/app/workspace-user/list?workspace_id=${r.id}&per_page=200${query}`, token, undefined)).body as {
    items: { id: string; email: string; [key: string]: unknown }[];
    total: number;
  };

describe("role × endpoint table", () => {
  type Who = "owner" | "admin" | "member" | "guest" | "suspended" | "stranger" | "anonymous";
  const readers = { owner: 200, admin: 200, member: 200, guest: 200, suspended: 403, stranger: 404, anonymous: 401 };
  const writers = { owner: 200, admin: 200, member: 403, guest: 403, suspended: 403, stranger: 404, anonymous: 401 };
  type Request = [Method, string, object?];
  const table: Record<string, { expected: Record<Who, number>; request: (r: Roster, who: Who) => Promise<Request> }> = {
    "GET /app/workspace-user/list": {
      expected: readers,
      request: async (r) => ["GET", `/app/workspace-user/list?workspace_id=${r.id}`],
    },
    "POST /app/workspace-user/new": {
      expected: { ...writers, owner: 201, admin: 201 },
      request: async (r, who) => [
        "POST",
        "/app/workspace-user/new",
        { workspace_id: r.id, email: uniqueEmail(`new-${who}`), last_name: "招待", first_name: who },
      ],
    },
    "POST /app/workspace-user/accept-invitation": {
      // Anyone signed in may accept an invitation of a workspace they are not in yet.
      expected: { owner: 200, admin: 200, member: 200, guest: 200, suspended: 200, stranger: 200, anonymous: 401 },
      request: async () => {
        const host = await insertInvitation(t, hostWorkspace);
        return ["POST", "/app/workspace-user/accept-invitation", { token: host.token }];
      },
    },
    "POST /app/workspace-user/import": {
      expected: writers,
      request: async (r, who) => [
        "POST",
        "/app/workspace-user/import",
        {
          workspace_id: r.id,
          dry_run: false,
          rows: [{ email: uniqueEmail(`csv-${who}`), last_name: "取込", first_name: who }],
        },
      ],
    },
    "GET /app/workspace-user/export.csv": {
      expected: writers,
      request: async (r) => ["GET", `/app/workspace-user/export.csv?workspace_id=${r.id}`],
    },
    "GET /app/workspace-user/me": {
      expected: readers,
      request: async (r) => ["GET", `/app/workspace-user/me?workspace_id=${r.id}`],
    },
    "PATCH /app/workspace-user/me": {
      expected: readers,
      request: async (r) => ["PATCH", `/app/workspace-user/me?workspace_id=${r.id}`, { first_name: "自分" }],
    },
    "GET /app/workspace-user/{id}": {
      expected: readers,
      request: async (r) => ["GET", `/app/workspace-user/${r.staff.owner}`],
    },
    "PATCH /app/workspace-user/{id}": {
      expected: writers,
      request: async (r, who) => {
        const target = await insertStaff(t, r.id);
        return ["PATCH", `/app/workspace-user/${target.id}`, { first_name: `変更-${who}` }];
      },
    },
    "DELETE /app/workspace-user/{id}": {
      expected: writers,
      request: async (r) => ["DELETE", `/app/workspace-user/${(await insertStaff(t, r.id)).id}`],
    },
    "PUT /app/workspace-user/{id}/status": {
      expected: writers,
      request: async (r) => [
        "PUT",
        `/app/workspace-user/${(await insertStaff(t, r.id)).id}/status`,
        { status: "suspended" },
      ],
    },
    "PUT /app/workspace-user/{id}/position": {
      expected: writers,
      request: async (r) => [
        "PUT",
        `/app/workspace-user/${(await insertStaff(t, r.id)).id}/position`,
        { prev_id: r.staff.owner },
      ],
    },
    "PUT /app/workspace-user/{id}/restoration": {
      expected: writers,
      request: async (r) => [
        "PUT",
        `/app/workspace-user/${(await insertStaff(t, r.id, { deletedAt: new Date() })).id}/restoration`,
      ],
    },
  };

  it("has a row for every endpoint of the module", () => {
    const contracts = [
      listWorkspaceUsersContract,
      ...Object.values(newContracts),
      importStaffContract,
      getWorkspaceUserMeContract,
      updateWorkspaceUserMeContract,
      ...Object.values(byIdContracts),
    ] as { method: string; path: string }[];
    const paths = [...contracts.map((c) => `${c.method} ${c.path}`), "GET /app/workspace-user/export.csv"];
    expect(Object.keys(table).sort()).toEqual(paths.sort());
  });

  let hostWorkspace = "";
  it("answers each role as the table says, with the error body when refused", async () => {
    const r = await roster(t);
    hostWorkspace = (await signUpWithWorkspace(t, "招待元株式会社")).workspace.id;
    const before = await listOf(r);
    const failures: string[] = [];
    for (const [endpoint, row] of Object.entries(table)) {
      for (const who of Object.keys(row.expected) as Who[]) {
        const [method, url, payload] = await row.request(r, who);
        const res = await api(method, url, who === "anonymous" ? undefined : r.tokens[who], payload);
        if (res.status !== row.expected[who]) failures.push(`${endpoint} as ${who}: ${res.status} ${res.body?.code}`);
        if (res.status >= 400) {
          expect(res.body).toMatchObject(errorBody);
          expect(res.body.message).toMatch(japanese);
        }
      }
    }
    expect(failures).toEqual([]);
    // Only the owner's and the admin's invitations and imports landed.
    const after = await listOf(r, "&status=invited");
    const invited = after.items.map((s) => s.email.split(".")[0]).sort();
    expect(invited).toEqual(["csv-admin", "csv-owner", "new-admin", "new-owner"]);
    expect(before.total).toBe(5);
  });
});

describe("GET /app/workspace-user/list", () => {
  let r: Roster;
  let sales: string;
  let dev: string;
  let bucho: string;
  let kacho: string;
  const people: Record<string, string> = {};
  beforeAll(async () => {
    r = await roster(t, "検索株式会社");
    sales = await insertGroup(t, r.id, "営業部");
    dev = await insertGroup(t, r.id, "開発部");
    bucho = await insertPosition(t, r.id, "部長", 1);
    kacho = await insertPosition(t, r.id, "課長", 2);
    const rows = [
      {
        key: "nakamura",
        lastName: "中村",
        firstName: "美咲",
        lastNameKana: "ナカムラ",
        firstNameKana: "ミサキ",
        employeeCode: "Z903",
        email: "Misaki.Nakamura@example.co.jp",
        officialPositionId: kacho,
        role: "admin" as const,
      },
      {
        key: "abe",
        lastName: "阿部",
        firstName: "一子",
        lastNameKana: "アベ",
        firstNameKana: "カズコ",
        employeeCode: "E001",
        email: "abe@example.co.jp",
        officialPositionId: bucho,
      },
      {
        key: "wada",
        lastName: "和田",
        firstName: "次郎",
        lastNameKana: "ワダ",
        firstNameKana: "ジロウ",
        employeeCode: null,
        email: "wada@example.co.jp",
        status: "retired" as const,
      },
      {
        key: "nokana",
        lastName: "Smith",
        firstName: "John",
        lastNameKana: "",
        firstNameKana: "",
        employeeCode: "E002",
        email: "smith@example.com",
        role: "guest" as const,
      },
    ];
    for (const { key, ...values } of rows) {
      const row = await insertStaff(t, r.id, values);
      people[key] = row.id;
    }
    await t.ctx.db.insert(groupMembers).values([
      { workspaceId: r.id, groupId: sales, workspaceUserId: people.nakamura!, isMain: true },
      { workspaceId: r.id, groupId: dev, workspaceUserId: people.nakamura!, isMain: false },
      { workspaceId: r.id, groupId: dev, workspaceUserId: people.abe!, isMain: true },
    ]);
  });

  const ids = (body: { items: { id: string }[] }) => body.items.map((item) => item.id);
  const keysOf = (body: { items: { id: string }[] }) =>
    ids(body).map((id) => Object.entries(people).find(([, value]) => value === id)?.[0] ?? "other");

  it("finds by name with or without the space, kana (also typed in hiragana), e-mail and code, in any case", async () => {
    for (const q of [
      "中村 美咲",
      "中村美咲",
      "中村　美咲",
      "美咲",
      "ナカムラ ミサキ",
      "なかむら",
      "ﾅｶﾑﾗ",
      "misaki.nakamura",
      "MISAKI",
      "z903",
    ]) {
      const body = await listOf(r, `&q=${encodeURIComponent(q)}`);
      expect(keysOf(body), q).toEqual(["nakamura"]);
      expect(body.total).toBe(1);
    }
    expect((await listOf(r, `&q=${encodeURIComponent("%")}`)).total).toBe(0);
    expect((await listOf(r, `&q=${encodeURIComponent("_")}`)).total).toBe(0);
  });

  it("filters by group, official position, role and status, and hydrates groups and position", async () => {
    expect(keysOf(await listOf(r, `&group_id=${dev}&sort=kana`))).toEqual(["abe", "nakamura"]);
    expect(keysOf(await listOf(r, `&group_id=${sales}`))).toEqual(["nakamura"]);
    expect(keysOf(await listOf(r, `&official_position_id=${bucho}`))).toEqual(["abe"]);
    expect(keysOf(await listOf(r, "&role=guest")).sort()).toEqual(["nokana", "other"]);
    expect(keysOf(await listOf(r, "&status=retired"))).toEqual(["wada"]);
    const nakamura = (await listOf(r, "&q=nakamura")).items[0]!;
    expect(nakamura).toMatchObject({
      official_position: { id: kacho, name: "課長", rank: 2 },
      groups: expect.arrayContaining([
        { id: sales, name: "営業部", is_main: true },
        { id: dev, name: "開発部", is_main: false },
      ]),
      employee_code: "Z903",
      role: "admin",
    });
    // Another workspace's group or position id matches nothing here.
    const foreignGroup = await insertGroup(t, r.other, "営業部");
    expect((await listOf(r, `&group_id=${foreignGroup}`)).total).toBe(0);
  });

  it("sorts by kana, e-mail, employee code, official position and creation, either way; empty values last", async () => {
    const sorted = async (sort: string, order = "asc") =>
      keysOf(await listOf(r, `&sort=${sort}&order=${order}`)).filter((key) => key !== "other");
    expect(await sorted("kana")).toEqual(["abe", "nakamura", "wada", "nokana"]);
    expect(await sorted("kana", "desc")).toEqual(["wada", "nakamura", "abe", "nokana"]);
    expect(await sorted("email")).toEqual(["abe", "nakamura", "nokana", "wada"]);
    expect(await sorted("employee_code")).toEqual(["abe", "nokana", "nakamura", "wada"]);
    expect(await sorted("employee_code", "desc")).toEqual(["nakamura", "nokana", "abe", "wada"]);
    expect((await sorted("official_position")).slice(0, 2)).toEqual(["abe", "nakamura"]);
    expect((await sorted("official_position", "desc")).slice(0, 2)).toEqual(["nakamura", "abe"]);
    expect(await sorted("created_at")).toEqual(["nakamura", "abe", "wada", "nokana"]);
    expect(await sorted("created_at", "desc")).toEqual(["nokana", "wada", "abe", "nakamura"]);
  });

  it("ranks the people of the task or meeting (first_ids) first, within the search and in the sort's order", async () => {
    const sorted = async (extra: string) =>
      keysOf(await listOf(r, `&sort=kana${extra}`)).filter((key) => key !== "other");
    expect(await sorted(`&first_ids=${people.wada},${people.nakamura}`)).toEqual(["nakamura", "wada", "abe", "nokana"]);
    expect(await sorted(`&first_ids=${people.nokana}&first_ids=${people.wada}`)).toEqual([
      "wada",
      "nokana",
      "abe",
      "nakamura",
    ]);
    // Only those the search finds: a first id brings nobody in.
    expect(keysOf(await listOf(r, `&q=${encodeURIComponent("中村")}&first_ids=${people.abe}`))).toEqual(["nakamura"]);
    // Another workspace's id (or an unknown one) ranks nothing.
    const foreign = await insertStaff(t, r.other, { lastName: "阿部", firstName: "外" });
    expect(await sorted(`&first_ids=${foreign.id},${missingId}`)).toEqual(["abe", "nakamura", "wada", "nokana"]);
  });

  it("paginates with the total", async () => {
    const all = await listOf(r);
    expect(all.total).toBe(9);
    const page1 = (await api("GET", `/app/workspace-user/list?workspace_id=${r.id}&per_page=4&page=1`, r.tokens.member))
      .body;
    const page3 = (await api("GET", `/app/workspace-user/list?workspace_id=${r.id}&per_page=4&page=3`, r.tokens.member))
      .body;
    expect(page1.items).toHaveLength(4);
    expect(page3.items).toHaveLength(1);
    expect(page1.total).toBe(9);
    expect([...ids(page1), ...ids(page3)]).not.toContain(undefined);
  });

  it("refuses bad queries with the error body", async () => {
    for (const query of [
      "",
      `workspace_id=not-a-uuid`,
      `workspace_id=${r.id}&sort=salary`,
      `workspace_id=${r.id}&role=king`,
      `workspace_id=${r.id}&per_page=1000`,
      `workspace_id=${r.id}&page=0`,
      `workspace_id=${r.id}&trash=yes`,
      `workspace_id=${r.id}&group_id=1`,
      `workspace_id=${r.id}&first_ids=1,2`,
      `workspace_id=${r.id}&first_ids=${Array.from({ length: 51 }, () => missingId).join(",")}`,
    ]) {
      const res = await api("GET", `/app/workspace-user/list?${query}`, r.tokens.owner);
      expect(res, query).toMatchObject({ status: 400, body: { ...errorBody, code: "validation_error" } });
    }
    expect((await api("GET", `/app/workspace-user/list?workspace_id=${missingId}`, r.tokens.owner)).status).toBe(404);
    // The trash is for staff managers only.
    expect((await api("GET", `/app/workspace-user/list?workspace_id=${r.id}&trash=true`, r.tokens.member)).status).toBe(
      403,
    );
  });
});

describe("POST /app/workspace-user/new", () => {
  let r: Roster;
  beforeAll(async () => {
    r = await roster(t, "招待株式会社");
  });

  it("invites with groups (main defaulting to the first), position and avatar, and mails the invitee", async () => {
    const sales = await insertGroup(t, r.id, "営業部", 1);
    const dev = await insertGroup(t, r.id, "開発部", 2);
    const kacho = await insertPosition(t, r.id, "課長", 2);
    const image = await insertImage(t, r.id);
    const email = uniqueEmail("hanako");
    const res = await api("POST", "/app/workspace-user/new", r.tokens.admin, {
      workspace_id: r.id,
      email: email.toUpperCase(),
      last_name: "佐藤",
      first_name: "花子",
      last_name_kana: "サトウ",
      first_name_kana: "ハナコ",
      employee_code: "A-100",
      official_position_id: kacho,
      group_ids: [sales, dev],
      avatar_image_id: image,
      role: "member",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email,
      status: "invited",
      user_id: null,
      role: "member",
      invited_at: expect.any(String),
      joined_at: null,
      official_position: { id: kacho, name: "課長" },
      groups: [
        { id: sales, name: "営業部", is_main: true },
        { id: dev, name: "開発部", is_main: false },
      ],
      avatar_image_id: image,
      avatar_url: `/app/image/${image}`,
    });
    const mail = await t.smtp.lastMailTo(email);
    expect(mail.subject).toContain("招待株式会社");
    expect(mail.text).toContain("佐藤　花子 様");
    expect(mail.text).toContain("鈴木　一郎 さんから");
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/invitation\?token=[\w-]{43}/);
    expect(mail.html).toMatch(/<a href="http:\/\/localhost:3000\/invitation\?token=[\w-]{43}"/);
    expect(await eventsOf(t, r.id, res.body.id)).toEqual(["invited"]);
    // New staff go to the end of the manual order.
    const all = await listOf(r);
    expect(all.items.at(-1)!.id).toBe(res.body.id);

    const chosen = await api("POST", "/app/workspace-user/new", r.tokens.owner, {
      workspace_id: r.id,
      email: uniqueEmail("main"),
      last_name: "高橋",
      first_name: "健",
      group_ids: [sales, dev],
      main_group_id: dev,
    });
    expect(chosen.body.groups).toEqual([
      { id: sales, name: "営業部", is_main: false },
      { id: dev, name: "開発部", is_main: true },
    ]);
  });

  it("refuses an address already on a live record of the workspace (409), in any case", async () => {
    for (const email of [r.emails.member, r.emails.member.toUpperCase()]) {
      const res = await api("POST", "/app/workspace-user/new", r.tokens.owner, {
        workspace_id: r.id,
        email,
        last_name: "重複",
        first_name: "太郎",
      });
      expect(res).toMatchObject({ status: 409, body: { ...errorBody, code: "email_taken" } });
    }
    const invited = uniqueEmail("twice");
    const payload = { workspace_id: r.id, email: invited, last_name: "二重", first_name: "招待" };
    expect((await api("POST", "/app/workspace-user/new", r.tokens.owner, payload)).status).toBe(201);
    expect((await api("POST", "/app/workspace-user/new", r.tokens.owner, payload)).status).toBe(409);
    // The same address may be invited by another workspace.
    const other = await signUpWithWorkspace(t);
    expect(
      (
        await api("POST", "/app/workspace-user/new", other.tokens.access_token, {
          ...payload,
          workspace_id: other.workspace.id,
        })
      ).status,
    ).toBe(201);
  });

  it("lets only an owner invite an owner", async () => {
    const payload = {
      workspace_id: r.id,
      email: uniqueEmail("owner2"),
      last_name: "次期",
      first_name: "社長",
      role: "owner",
    };
    expect(await api("POST", "/app/workspace-user/new", r.tokens.admin, payload)).toMatchObject({
      status: 403,
      body: { code: "forbidden" },
    });
    expect((await api("POST", "/app/workspace-user/new", r.tokens.owner, payload)).body.role).toBe("owner");
  });

  it("refuses bad bodies and ids of another workspace, writing and mailing nothing", async () => {
    const group = await insertGroup(t, r.id, "総務部");
    const foreignGroup = await insertGroup(t, r.other, "総務部");
    const foreignPosition = await insertPosition(t, r.other, "部長", 1);
    const foreignImage = await insertImage(t, r.other);
    const before = await listOf(r);
    const base = { workspace_id: r.id, email: uniqueEmail("bad"), last_name: "不正", first_name: "入力" };
    const cases: [object | string, number, string][] = [
      ["{not json", 400, "bad_request"],
      [{ ...base, email: "not-an-email" }, 400, "validation_error"],
      [{ ...base, last_name: "" }, 400, "validation_error"],
      [{ ...base, last_name_kana: "ひらがな" }, 400, "validation_error"],
      [{ ...base, role: "king" }, 400, "validation_error"],
      [{ ...base, group_ids: "営業部" }, 400, "validation_error"],
      [{ ...base, employee_code: 12 }, 400, "validation_error"],
      [{ ...base, salary: 100 }, 400, "validation_error"],
      [{ ...base, workspace_id: undefined }, 400, "validation_error"],
      [{ ...base, group_ids: [group, foreignGroup] }, 400, "invalid_reference"],
      [{ ...base, group_ids: [group], main_group_id: foreignGroup }, 400, "invalid_main_group"],
      [{ ...base, main_group_id: foreignGroup }, 400, "invalid_reference"],
      [{ ...base, official_position_id: foreignPosition }, 400, "invalid_reference"],
      [{ ...base, avatar_image_id: foreignImage }, 400, "invalid_reference"],
      [{ ...base, workspace_id: r.other }, 404, "not_found"],
    ];
    for (const [payload, status, code] of cases) {
      const res = await api("POST", "/app/workspace-user/new", r.tokens.owner, payload);
      expect(res, JSON.stringify(payload)).toMatchObject({ status, body: { ...errorBody, code } });
      expect(res.body.message).toMatch(japanese);
    }
    const after = await listOf(r);
    expect(after.total).toBe(before.total);
    // Mail is queued (other tests' invitations may still arrive): none was queued for this address.
    expect(t.smtp.mailsTo(base.email)).toEqual([]);
    expect((await listOf(r, `&q=${encodeURIComponent(base.email)}`, r.tokens.owner)).total).toBe(0);
  });

  it("keeps the invitation and retries its mail while the mail server refuses it", async () => {
    const send = t.ctx.mailer.send;
    t.ctx.mailer.send = async () => {
      throw new AppError("mail_unavailable", 503, "メールを送信できませんでした。", "SMTP delivery failed");
    };
    try {
      const email = uniqueEmail("unmailable");
      const res = await api("POST", "/app/workspace-user/new", r.tokens.owner, {
        workspace_id: r.id,
        email,
        last_name: "未達",
        first_name: "太郎",
      });
      // The mail goes through the queue (send-invitation): the invitation stands, its mail is retried.
      expect(res).toMatchObject({ status: 201, body: { email, status: "invited" } });
      await until(async () =>
        (await jobsNamed(t.ctx.db, "send-invitation")).some(
          (job) => job.data.staff_id === res.body.id && job.state === "retry",
        ),
      );
      expect((await listOf(r, `&q=${encodeURIComponent(email)}`)).total).toBe(1);
      expect(t.smtp.mailsTo(email)).toEqual([]);
    } finally {
      t.ctx.mailer.send = send;
    }
  });
});

describe("GET /app/workspace-user/{id}", () => {
  it("shows a record to members of its workspace; another workspace's answers exactly as a missing one", async () => {
    const r = await roster(t);
    const res = await api("GET", `/app/workspace-user/${r.staff.admin}`, r.tokens.member);
    expect(res).toMatchObject({ status: 200, body: { id: r.staff.admin, role: "admin", email: r.emails.admin } });
    // A guest reads the record without its contact details (staff-guest-view.routes.test.ts).
    const guest = await api("GET", `/app/workspace-user/${r.staff.admin}`, r.tokens.guest);
    expect(guest).toMatchObject({ status: 200, body: { id: r.staff.admin, role: "admin", email: null } });
    const foreign = await api("GET", `/app/workspace-user/${r.staff.admin}`, r.tokens.stranger);
    const missing = await api("GET", `/app/workspace-user/${missingId}`, r.tokens.stranger);
    expect(foreign).toMatchObject({ status: 404, body: errorBody });
    expect(foreign.body).toEqual(missing.body);
    expect(JSON.stringify(foreign.body)).not.toContain(r.emails.admin);
    expect((await api("GET", "/app/workspace-user/not-a-uuid", r.tokens.owner)).status).toBe(400);
  });
});

describe("PATCH /app/workspace-user/{id}", () => {
  let r: Roster;
  beforeAll(async () => {
    r = await roster(t, "編集株式会社");
  });

  it("edits every field; groups and role changes write events; a field left out stays as it is", async () => {
    const sales = await insertGroup(t, r.id, "営業部", 1);
    const dev = await insertGroup(t, r.id, "開発部", 2);
    const bucho = await insertPosition(t, r.id, "部長", 1);
    const image = await insertImage(t, r.id);
    const res = await api("PATCH", `/app/workspace-user/${r.staff.member}`, r.tokens.admin, {
      last_name: "田中",
      first_name: "次郎",
      last_name_kana: "タナカ",
      first_name_kana: "ジロウ",
      employee_code: "B-7",
      official_position_id: bucho,
      group_ids: [sales, dev],
      main_group_id: dev,
      avatar_image_id: image,
      role: "guest",
    });
    expect(res).toMatchObject({
      status: 200,
      body: {
        last_name: "田中",
        first_name: "次郎",
        last_name_kana: "タナカ",
        first_name_kana: "ジロウ",
        employee_code: "B-7",
        official_position: { id: bucho, name: "部長", rank: 1 },
        groups: [
          { id: sales, is_main: false },
          { id: dev, is_main: true },
        ].map((g) => expect.objectContaining(g)),
        avatar_image_id: image,
        role: "guest",
        status: "active",
      },
    });
    expect(await eventsOf(t, r.id, r.staff.member)).toEqual(["role_changed", "groups_changed"]);

    // `{}` and a name alone change nothing else (no default role or kana sneaks in).
    await api("PATCH", `/app/workspace-user/${r.staff.member}`, r.tokens.admin, {});
    const renamed = await api("PATCH", `/app/workspace-user/${r.staff.member}`, r.tokens.admin, { first_name: "三郎" });
    expect(renamed.body).toMatchObject({
      first_name: "三郎",
      last_name_kana: "タナカ",
      role: "guest",
      employee_code: "B-7",
    });
    expect(renamed.body.groups).toHaveLength(2);

    // Only the main group given: the other groups stay, the main flag moves.
    const moved = await api("PATCH", `/app/workspace-user/${r.staff.member}`, r.tokens.admin, { main_group_id: sales });
    expect(moved.body.groups).toEqual([
      { id: sales, name: "営業部", is_main: true },
      { id: dev, name: "開発部", is_main: false },
    ]);
    // Clearing.
    const cleared = await api("PATCH", `/app/workspace-user/${r.staff.member}`, r.tokens.admin, {
      group_ids: [],
      official_position_id: null,
      employee_code: null,
      avatar_image_id: null,
    });
    expect(cleared.body).toMatchObject({ groups: [], official_position: null, employee_code: null, avatar_url: null });
    expect(await eventsOf(t, r.id, r.staff.member)).toEqual([
      "role_changed",
      "groups_changed",
      "groups_changed",
      "groups_changed",
    ]);
  });

  it("keeps the e-mail of a joined member (their account owns it) but corrects an invitee's, re-sending the invitation", async () => {
    const joined = await api("PATCH", `/app/workspace-user/${r.staff.admin}`, r.tokens.owner, {
      email: uniqueEmail("changed"),
    });
    expect(joined).toMatchObject({ status: 400, body: { ...errorBody, code: "email_owned_by_account" } });
    // The same address (any case) is no change.
    expect(
      (
        await api("PATCH", `/app/workspace-user/${r.staff.admin}`, r.tokens.owner, {
          email: r.emails.admin.toUpperCase(),
        })
      ).status,
    ).toBe(200);

    const invite = await api("POST", "/app/workspace-user/new", r.tokens.owner, {
      workspace_id: r.id,
      email: uniqueEmail("typo"),
      last_name: "誤記",
      first_name: "太郎",
    });
    const firstLink = (await t.smtp.lastMailTo(invite.body.email)).text;
    const corrected = uniqueEmail("fixed");
    const res = await api("PATCH", `/app/workspace-user/${invite.body.id}`, r.tokens.owner, { email: corrected });
    expect(res.body).toMatchObject({ email: corrected, status: "invited" });
    const mail = await t.smtp.lastMailTo(corrected);
    expect(mail.text).toContain("/invitation?token=");
    expect(mail.text).not.toEqual(firstLink);
    // An address on another live record is refused.
    expect(
      (await api("PATCH", `/app/workspace-user/${invite.body.id}`, r.tokens.owner, { email: r.emails.member })).status,
    ).toBe(409);
  });

  it("applies the role rules: only an owner grants or removes owner, nobody changes their own role", async () => {
    const url = (id: string) => `/app/workspace-user/${id}`;
    expect(await api("PATCH", url(r.staff.member), r.tokens.admin, { role: "owner" })).toMatchObject({
      status: 403,
      body: { code: "forbidden" },
    });
    expect(await api("PATCH", url(r.staff.owner), r.tokens.admin, { role: "admin" })).toMatchObject({
      status: 403,
      body: { code: "forbidden" },
    });
    expect(await api("PATCH", url(r.staff.admin), r.tokens.admin, { role: "member" })).toMatchObject({
      status: 403,
      body: { code: "self_change" },
    });
    expect(await api("PATCH", url(r.staff.owner), r.tokens.owner, { role: "admin" })).toMatchObject({
      status: 403,
      body: { code: "self_change" },
    });
    // Only an owner edits an owner's name (staff-owner-record.routes.test.ts); an admin edits their own.
    expect((await api("PATCH", url(r.staff.owner), r.tokens.admin, { first_name: "社長" })).status).toBe(403);
    expect((await api("PATCH", url(r.staff.owner), r.tokens.owner, { first_name: "社長" })).status).toBe(200);
    expect((await api("PATCH", url(r.staff.admin), r.tokens.admin, { role: "admin", first_name: "自分" })).status).toBe(
      200,
    );
    const me = await api("GET", url(r.staff.owner), r.tokens.owner);
    expect(me.body).toMatchObject({ role: "owner", first_name: "社長" });
  });

  it("keeps an active owner when two owners demote each other at the same moment", async () => {
    const owner = await signUpWithWorkspace(t, "二人社長");
    const second = await addStaff(t, owner.workspace.id, "owner");
    const firstId = (
      await api("GET", `/app/workspace-user/me?workspace_id=${owner.workspace.id}`, owner.tokens.access_token)
    ).body.id;
    const results = await Promise.all([
      api("PATCH", `/app/workspace-user/${second.staffId}`, owner.tokens.access_token, { role: "admin" }),
      api("PATCH", `/app/workspace-user/${firstId}`, second.tokens.access_token, { role: "admin" }),
    ]);
    const statuses = results.map((res) => res.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const owners = (
      await api(
        "GET",
        `/app/workspace-user/list?workspace_id=${owner.workspace.id}&role=owner&status=active`,
        results[0]!.status === 200 ? owner.tokens.access_token : second.tokens.access_token,
      )
    ).body;
    expect(owners.total).toBe(1);
  });

  it("refuses bad bodies, trashed records and ids of another workspace, writing nothing", async () => {
    const target = await insertStaff(t, r.id, { lastName: "不変" });
    const foreignGroup = await insertGroup(t, r.other, "外部");
    const foreignPosition = await insertPosition(t, r.other, "外部役職", 1);
    const foreignImage = await insertImage(t, r.other);
    const url = `/app/workspace-user/${target.id}`;
    const cases: [object | string, number, string][] = [
      ["{", 400, "bad_request"],
      [{ last_name: 5 }, 400, "validation_error"],
      [{ last_name: "" }, 400, "validation_error"],
      [{ role: "king" }, 400, "validation_error"],
      [{ status: "active" }, 400, "validation_error"],
      [{ workspace_id: r.other }, 400, "validation_error"],
      [{ group_ids: [foreignGroup] }, 400, "invalid_reference"],
      [{ main_group_id: foreignGroup }, 400, "invalid_reference"],
      [{ official_position_id: foreignPosition }, 400, "invalid_reference"],
      [{ avatar_image_id: foreignImage }, 400, "invalid_reference"],
      [{ official_position_id: foreignPosition, last_name: "変更" }, 400, "invalid_reference"],
    ];
    for (const [payload, status, code] of cases) {
      const res = await api("PATCH", url, r.tokens.owner, payload);
      expect(res, JSON.stringify(payload)).toMatchObject({ status, body: { ...errorBody, code } });
    }
    expect((await api("GET", url, r.tokens.owner)).body).toMatchObject({
      last_name: "不変",
      groups: [],
      official_position: null,
    });
    expect(await eventsOf(t, r.id, target.id)).toEqual([]);
    // Another workspace's record: 404, untouched.
    const foreign = await insertStaff(t, r.other, { lastName: "他社" });
    expect(
      await api("PATCH", `/app/workspace-user/${foreign.id}`, r.tokens.owner, { last_name: "乗っ取り" }),
    ).toMatchObject({
      status: 404,
      body: { code: "not_found" },
    });
    // A record in the trash is restored before it is edited.
    const trashed = await insertStaff(t, r.id, { deletedAt: new Date(), lastName: "削除済" });
    expect((await api("PATCH", `/app/workspace-user/${trashed.id}`, r.tokens.owner, { last_name: "x" })).status).toBe(
      404,
    );
    expect((await api("GET", `/app/workspace-user/${trashed.id}`, r.tokens.owner)).body.last_name).toBe("削除済");
  });
});

describe("DELETE and PUT /app/workspace-user/{id}/restoration", () => {
  it("moves a record to the trash and back; the deleted member loses access at once", async () => {
    const r = await roster(t, "ゴミ箱株式会社");
    const group = await insertGroup(t, r.id, "営業部");
    await api("PATCH", `/app/workspace-user/${r.staff.member}`, r.tokens.owner, { group_ids: [group] });
    expect(await api("DELETE", `/app/workspace-user/${r.staff.member}`, r.tokens.admin)).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect((await listOf(r)).items.map((s) => s.id)).not.toContain(r.staff.member);
    const trash = await listOf(r, "&trash=true");
    expect(trash.items.map((s) => s.id)).toEqual([r.staff.member]);
    expect(trash.items[0]!.deleted_at).toEqual(expect.any(String));
    expect((await api("GET", `/app/workspace-user/list?workspace_id=${r.id}`, r.tokens.member)).status).toBe(404);
    // Members do not see the trash, managers do.
    expect((await api("GET", `/app/workspace-user/${r.staff.member}`, r.tokens.guest)).status).toBe(404);
    expect((await api("GET", `/app/workspace-user/${r.staff.member}`, r.tokens.admin)).status).toBe(200);
    expect((await api("DELETE", `/app/workspace-user/${r.staff.member}`, r.tokens.admin)).status).toBe(404);

    const restored = await api("PUT", `/app/workspace-user/${r.staff.member}/restoration`, r.tokens.admin);
    expect(restored).toMatchObject({ status: 200, body: { deleted_at: null, status: "active" } });
    expect(restored.body.groups).toEqual([{ id: group, name: "営業部", is_main: true }]);
    expect((await api("GET", `/app/workspace-user/list?workspace_id=${r.id}`, r.tokens.member)).status).toBe(200);
    expect(await eventsOf(t, r.id, r.staff.member)).toEqual(["groups_changed", "deleted", "restored"]);
    // Restoring a live record changes nothing.
    expect((await api("PUT", `/app/workspace-user/${r.staff.member}/restoration`, r.tokens.admin)).status).toBe(200);
    expect(await eventsOf(t, r.id, r.staff.member)).toHaveLength(3);
  });

  it("never deletes yourself or, for an admin, an owner; restoring refuses an address now in use", async () => {
    const r = await roster(t);
    expect(await api("DELETE", `/app/workspace-user/${r.staff.owner}`, r.tokens.owner)).toMatchObject({
      status: 403,
      body: { code: "self_change" },
    });
    expect(await api("DELETE", `/app/workspace-user/${r.staff.owner}`, r.tokens.admin)).toMatchObject({
      status: 403,
      body: { code: "forbidden" },
    });
    expect((await api("GET", `/app/workspace-user/${r.staff.owner}`, r.tokens.owner)).body.deleted_at).toBeNull();

    const invite = await insertInvitation(t, r.id);
    await api("DELETE", `/app/workspace-user/${invite.staffId}`, r.tokens.owner);
    const again = await api("POST", "/app/workspace-user/new", r.tokens.owner, {
      workspace_id: r.id,
      email: invite.email,
      last_name: "再",
      first_name: "招待",
    });
    expect(again.status).toBe(201);
    expect(await api("PUT", `/app/workspace-user/${invite.staffId}/restoration`, r.tokens.owner)).toMatchObject({
      status: 409,
      body: { ...errorBody, code: "email_taken" },
    });
    expect((await api("PUT", `/app/workspace-user/${missingId}/restoration`, r.tokens.owner)).status).toBe(404);
    const foreign = await insertStaff(t, r.other, { deletedAt: new Date() });
    expect((await api("PUT", `/app/workspace-user/${foreign.id}/restoration`, r.tokens.owner)).status).toBe(404);
    expect((await api("DELETE", `/app/workspace-user/${foreign.id}`, r.tokens.owner)).status).toBe(404);
    expect((await api("DELETE", "/app/workspace-user/not-a-uuid", r.tokens.owner)).status).toBe(400);
  });
});

describe("PUT /app/workspace-user/{id}/status", () => {
  it("suspends, retires and reactivates; the member's requests are refused at once", async () => {
    const r = await roster(t, "状態株式会社");
    const url = `/app/workspace-user/${r.staff.member}/status`;
    const own = `/app/workspace-user/list?workspace_id=${r.id}`;
    expect((await api("GET", own, r.tokens.member)).status).toBe(200);
    expect((await api("PUT", url, r.tokens.admin, { status: "suspended" })).body.status).toBe("suspended");
    expect(await api("GET", own, r.tokens.member)).toMatchObject({
      status: 403,
      body: { code: "membership_inactive" },
    });
    expect((await api("PUT", url, r.tokens.admin, { status: "retired" })).body.status).toBe("retired");
    expect((await api("GET", own, r.tokens.member)).status).toBe(403);
    expect((await api("PUT", url, r.tokens.admin, { status: "active" })).body.status).toBe("active");
    expect((await api("GET", own, r.tokens.member)).status).toBe(200);
    // The same status again is no change and no event.
    expect((await api("PUT", url, r.tokens.admin, { status: "active" })).status).toBe(200);
    expect(await eventsOf(t, r.id, r.staff.member)).toEqual(["status_changed", "status_changed", "status_changed"]);
  });

  it("never makes an invitee active, never acts on yourself, and leaves owners to owners", async () => {
    const r = await roster(t);
    const invite = await insertInvitation(t, r.id);
    expect(
      await api("PUT", `/app/workspace-user/${invite.staffId}/status`, r.tokens.owner, { status: "active" }),
    ).toMatchObject({
      status: 409,
      body: { ...errorBody, code: "invitation_pending" },
    });
    expect(
      await api("PUT", `/app/workspace-user/${r.staff.owner}/status`, r.tokens.owner, { status: "suspended" }),
    ).toMatchObject({
      status: 403,
      body: { code: "self_change" },
    });
    expect(
      await api("PUT", `/app/workspace-user/${r.staff.owner}/status`, r.tokens.admin, { status: "retired" }),
    ).toMatchObject({
      status: 403,
      body: { code: "forbidden" },
    });
    for (const payload of [{ status: "invited" }, { status: "gone" }, {}, { status: "active", extra: 1 }, "{"]) {
      const res = await api("PUT", `/app/workspace-user/${r.staff.member}/status`, r.tokens.owner, payload);
      expect(res, JSON.stringify(payload)).toMatchObject({ status: 400, body: errorBody });
    }
    expect((await api("GET", `/app/workspace-user/${invite.staffId}`, r.tokens.owner)).body.status).toBe("invited");
    expect((await api("GET", `/app/workspace-user/${r.staff.member}`, r.tokens.owner)).body.status).toBe("active");
    const foreign = await insertStaff(t, r.other);
    expect(
      (await api("PUT", `/app/workspace-user/${foreign.id}/status`, r.tokens.owner, { status: "suspended" })).status,
    ).toBe(404);
  });
});

describe("PUT /app/workspace-user/{id}/position", () => {
  it("moves a record between neighbours, and renumbers the list when they are too close", async () => {
    const owner = await signUpWithWorkspace(t, "並び順株式会社");
    const id = owner.workspace.id;
    const token = owner.tokens.access_token;
    const order = async () =>
      (
        (await api("GET", `/app/workspace-user/list?workspace_id=${id}&sort=position`, token)).body.items as {
          last_name: string;
        }[]
      ).map((s) => s.last_name);
    const rows: Record<string, string> = {};
    for (const [index, name] of ["A", "B", "C", "D"].entries()) {
      rows[name] = (await insertStaff(t, id, { lastName: name, position: index + 1 })).id;
    }
    const owners = await order();
    expect(owners).toEqual(["山田", "A", "B", "C", "D"]);
    const move = (row: string, body: object) => api("PUT", `/app/workspace-user/${rows[row]}/position`, token, body);

    expect((await move("D", { prev_id: rows.A, next_id: rows.B })).body.position).toBe(1.5);
    expect(await order()).toEqual(["山田", "A", "D", "B", "C"]);
    await move("A", { prev_id: rows.C, next_id: null });
    expect(await order()).toEqual(["山田", "D", "B", "C", "A"]);
    await move("C", { next_id: rows.D });
    expect(await order()).toEqual(["山田", "C", "D", "B", "A"]);

    // Keep dropping a row right after D: the gap halves each time until no midpoint is left, and then
    // the whole list is spread out again (1, 2, 3 …) with the moved row in its place.
    type Item = { id: string; last_name: string; position: number };
    const items = async () =>
      (await api("GET", `/app/workspace-user/list?workspace_id=${id}&sort=position`, token)).body.items as Item[];
    let renumbered = false;
    for (let i = 0; i < 80 && !renumbered; i++) {
      const list = await items();
      const d = list.findIndex((s) => s.last_name === "D");
      const after = list[d + 1]!;
      const mover = list.find((s) => (s.last_name === "A" || s.last_name === "C") && s.id !== after.id)!;
      expect(
        (
          await api("PUT", `/app/workspace-user/${mover.id}/position`, token, {
            prev_id: list[d]!.id,
            next_id: after.id,
          })
        ).status,
      ).toBe(200);
      const now = await items();
      renumbered = now.every((s, index) => s.position === index + 1);
      expect(now[now.findIndex((s) => s.last_name === "D") + 1]!.id).toBe(mover.id);
    }
    expect(renumbered).toBe(true);
  });

  it("renumbers at once when the neighbours share a position, and refuses neighbours of another workspace", async () => {
    const r = await roster(t);
    // The roster's records all sit at position 0.
    const list = await listOf(r, "&sort=position");
    const [first, second] = [list.items[0]!, list.items[1]!];
    const last = list.items.at(-1)!;
    const res = await api("PUT", `/app/workspace-user/${last.id}/position`, r.tokens.owner, {
      prev_id: first.id,
      next_id: second.id,
    });
    expect(res.status).toBe(200);
    const after = await listOf(r, "&sort=position");
    expect(after.items.slice(0, 3).map((s) => s.id)).toEqual([first.id, last.id, second.id]);
    expect(after.items.map((s) => s.position)).toEqual(after.items.map((_, index) => index + 1));

    const foreign = await insertStaff(t, r.other);
    const before = JSON.stringify((await listOf(r, "&sort=position")).items.map((s) => [s.id, s.position]));
    for (const [body, status] of [
      [{ prev_id: foreign.id }, 400],
      [{ prev_id: r.staff.member, next_id: r.staff.member }, 400],
      [{ prev_id: r.staff.admin }, 400],
      [{ prev_id: "x" }, 400],
      [{ prev_id: r.staff.member, extra: true }, 400],
    ] as [object, number][]) {
      const res2 = await api("PUT", `/app/workspace-user/${r.staff.admin}/position`, r.tokens.owner, body);
      expect(res2, JSON.stringify(body)).toMatchObject({ status, body: errorBody });
    }
    expect(JSON.stringify((await listOf(r, "&sort=position")).items.map((s) => [s.id, s.position]))).toBe(before);
  });
});

describe("PATCH /app/workspace-user/me with an avatar", () => {
  it("stores an image of the workspace, refuses another workspace's, and clears it with null", async () => {
    const r = await roster(t);
    const url = `/app/workspace-user/me?workspace_id=${r.id}`;
    const image = await insertImage(t, r.id);
    const foreign = await insertImage(t, r.other);
    expect((await api("PATCH", url, r.tokens.member, { avatar_image_id: image })).body).toMatchObject({
      avatar_image_id: image,
      avatar_url: `/app/image/${image}`,
      last_name_kana: "スズキ",
    });
    expect(await api("PATCH", url, r.tokens.member, { avatar_image_id: foreign })).toMatchObject({
      status: 400,
      body: { ...errorBody, code: "invalid_reference" },
    });
    expect((await api("GET", url, r.tokens.member)).body.avatar_image_id).toBe(image);
    expect((await api("PATCH", url, r.tokens.member, { avatar_image_id: null })).body.avatar_url).toBeNull();
  });
});

describe("an invited record", () => {
  it("cannot reach the workspace through requireMember (404) until the invitation is accepted", async () => {
    const r = await roster(t);
    const person = await signUp(t);
    const invite = await insertInvitation(t, r.id, person.email);
    expect((await api("GET", `/app/workspace-user/list?workspace_id=${r.id}`, person.tokens.access_token)).status).toBe(
      404,
    );
    await api("POST", "/app/workspace-user/accept-invitation", person.tokens.access_token, { token: invite.token });
    expect((await api("GET", `/app/workspace-user/list?workspace_id=${r.id}`, person.tokens.access_token)).status).toBe(
      200,
    );
  });
});
