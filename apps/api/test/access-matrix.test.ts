/**
 * Who may call what: one row per documented endpoint, with the status each kind of caller gets.
 * A new endpoint without a row fails the last test, so no endpoint ships unchecked.
 *
 * Callers: the workspace's owner, admin, member and guest; an outsider (the owner of another
 * workspace), and anonymous. Another workspace's data answers 404, never its contents.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workspaceExternalServices } from "../src/db/schema/integrations.ts";
import { issueInvoice } from "../src/modules/billing/invoice.service.ts";
import { insertContract } from "../src/plan-gate/plan-gate.repository.ts";
import { addStaff, call, createTestApp, signUpWithWorkspace, type TestApp, uniqueEmail } from "./test-app.ts";

type Actor = "owner" | "admin" | "member" | "guest" | "outsider" | "anonymous";
const actors: Actor[] = ["owner", "admin", "member", "guest", "outsider", "anonymous"];

interface Fixture {
  workspaceId: string;
  tokens: Record<Exclude<Actor, "anonymous">, string>;
  staffId: string;
  groupId: string;
  projectId: string;
  imageId: string;
  layers: { id: string; name: string }[];
  positions: { id: string; name: string; rank: number }[];
  /** A fresh row per call, for calls that consume their target (delete, restore, status). */
  freshStaff(): Promise<string>;
  freshGroup(): Promise<string>;
  freshProject(): Promise<string>;
  /** A primary item of the fixture's project (everyone of the workspace may see it). */
  primaryItemId: string;
  freshPrimaryItem(): Promise<string>;
  secondaryItemId: string;
  freshSecondaryItem(): Promise<string>;
  /** A task assigned to the member, created by the owner. */
  taskId: string;
  freshTask(): Promise<string>;
  /** An image the owner attached to the fixture's task, and fresh ones for the calls that delete. */
  attachmentId: string;
  freshAttachment(): Promise<string>;
  billing: {
    contractId: string;
    endedContractId: string;
    cardId: string;
    invoiceId: string;
    companyId: string;
    freshCard(): Promise<string>;
  };
  /** A meeting organised by the owner with the admin, member and guest as participants. */
  meetingId: string;
  freshMeeting(): Promise<string>;
  /** One template of each kind (made by the owner), and fresh ones for the calls that delete. */
  templates: {
    task: string;
    primary: string;
    secondary: string;
    fresh(kind: "task-tpl" | "primary-item-tpl" | "secondary-item-tpl"): Promise<string>;
  };
  /** An active Slack connection (written directly: the matrix's server has no provider configured). */
  connectionId: string;
  /** A Chatwork connection made anew for each call that removes it. */
  freshConnection(): Promise<string>;
}

interface Request {
  url: string;
  payload?: object | string;
  headers?: Record<string, string>;
}

interface Row {
  expect: Record<Actor, number>;
  request: (f: Fixture) => Promise<Request> | Request;
}

const all = (status: number, anonymous = 401): Record<Actor, number> => ({
  owner: status,
  admin: status,
  member: status,
  guest: status,
  outsider: status,
  anonymous,
});
/** Any active member reads; another workspace's caller gets 404. */
const members = (status = 200): Record<Actor, number> => ({ ...all(status), outsider: 404 });
/** Owner and admin (by the default authority rules) write; members and guests 403. */
const managers = (status = 200): Record<Actor, number> => ({
  owner: status,
  admin: status,
  member: 403,
  guest: 403,
  outsider: 404,
  anonymous: 401,
});
/** Everyone with create_tasks (owner, admin, member by default); guests only read. */
const writers = (status = 200): Record<Actor, number> => ({ ...managers(status), member: status });
/** A task of the member: the owner and admin (view_all_tasks) and the member (its assignee); a guest does not see it. */
const taskParties = (status = 200): Record<Actor, number> => ({ ...writers(status), guest: 404 });
const publicCall = (status: number) => all(status, status);
/** manage_billing: the owner only by default (admins when the owner grants it). */
const billing = (status = 200): Record<Actor, number> => ({ ...managers(status), admin: 403 });

/** A comment of the member (the fixture task's assignee) on the fixture task. */
async function memberComment(f: Fixture): Promise<string> {
  const res = await call(app(), {
    method: "POST",
    url: `/app/task/${f.taskId}/comment/new`,
    token: f.tokens.member,
    payload: { body: "<p>対応します</p>" },
  });
  if (res.status !== 201) throw new Error(`comment failed: ${JSON.stringify(res.body)}`);
  return (res.body as { id: string }).id;
}

/** Every Monday: about nine occurrences within the 60-day horizon, whatever the day the suite runs. */
const weeklyRule = { frequency: "weekly", weekdays: [1], start_date: "2026-01-05" };

const PNG_1x1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = "----tasuki-matrix";
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const matrix: Record<string, Row> = {
  // System and public calls: nobody is refused for not being signed in.
  "GET /healthz": { expect: publicCall(200), request: () => ({ url: "/healthz" }) },
  "GET /readyz": { expect: publicCall(200), request: () => ({ url: "/readyz" }) },
  "GET /app/client-config": { expect: publicCall(200), request: () => ({ url: "/app/client-config" }) },
  "GET /app/auth/sns/providers": { expect: publicCall(200), request: () => ({ url: "/app/auth/sns/providers" }) },
  "POST /app/auth/verification-code/new": {
    expect: publicCall(400),
    request: () => ({ url: "/app/auth/verification-code/new", payload: {} }),
  },
  "POST /app/auth/verification-code/conf": {
    expect: publicCall(400),
    request: () => ({ url: "/app/auth/verification-code/conf", payload: {} }),
  },
  "POST /app/auth/signup-with-email": {
    expect: publicCall(400),
    request: () => ({ url: "/app/auth/signup-with-email", payload: {} }),
  },
  "POST /app/auth/login-with-email": {
    expect: publicCall(400),
    request: () => ({ url: "/app/auth/login-with-email", payload: {} }),
  },
  "POST /app/auth/renew-token": {
    expect: publicCall(400),
    request: () => ({ url: "/app/auth/renew-token", payload: {} }),
  },
  "POST /app/auth/reset-password": {
    expect: publicCall(400),
    request: () => ({ url: "/app/auth/reset-password", payload: {} }),
  },
  "POST /app/auth/logout": {
    expect: publicCall(200),
    request: () => ({ url: "/app/auth/logout", payload: { refresh_token: "x" } }),
  },
  "POST /app/auth/signup-with-sns": {
    expect: publicCall(400),
    request: () => ({ url: "/app/auth/signup-with-sns", payload: { provider: "google", code: "x", state: "y" } }),
  },
  "POST /app/auth/login-with-sns": {
    expect: publicCall(400),
    request: () => ({ url: "/app/auth/login-with-sns", payload: { provider: "google", code: "x", state: "y" } }),
  },
  "POST /app/auth/sns/authorize": {
    expect: publicCall(400),
    request: () => ({ url: "/app/auth/sns/authorize", payload: { provider: "google", purpose: "login" } }),
  },

  // The signed-in person's own account: every signed-in caller, their own data.
  "GET /app/user/me": { expect: all(200), request: () => ({ url: "/app/user/me" }) },
  "POST /app/user/me/email": {
    expect: all(400),
    request: () => ({ url: "/app/user/me/email", payload: { verification_token: "spent" } }),
  },
  "DELETE /app/user/me/email": { expect: all(200), request: () => ({ url: "/app/user/me/email" }) },
  "POST /app/user/me/password": {
    expect: all(400),
    request: () => ({
      url: "/app/user/me/password",
      payload: { current_password: "wrong", new_password: "Another-pass-2026" },
    }),
  },
  "POST /app/user/me/link-sns": {
    expect: all(400),
    request: () => ({ url: "/app/user/me/link-sns", payload: { provider: "google", code: "x", state: "y" } }),
  },
  "PUT /app/user/me/agree-terms": {
    expect: all(200),
    request: () => ({ url: "/app/user/me/agree-terms", payload: { terms_version: "2026-11-01" } }),
  },
  "POST /app/workspace/new": {
    expect: all(201),
    request: () => ({ url: "/app/workspace/new", payload: { name: "新会社" } }),
  },
  "POST /app/workspace/verify-new-code": {
    expect: all(200),
    request: () => ({ url: "/app/workspace/verify-new-code", payload: { code: "free-code-123" } }),
  },
  "GET /app/business-category/list-all": {
    expect: all(200),
    request: () => ({ url: "/app/business-category/list-all" }),
  },
  "POST /app/workspace-user/accept-invitation": {
    expect: all(400),
    request: () => ({ url: "/app/workspace-user/accept-invitation", payload: { token: "no-such-invitation" } }),
  },

  // The workspace and its definitions.
  "GET /app/workspace/{id}": { expect: members(), request: (f) => ({ url: `/app/workspace/${f.workspaceId}` }) },
  "PATCH /app/workspace/{id}": {
    expect: managers(),
    request: (f) => ({ url: `/app/workspace/${f.workspaceId}`, payload: { name: "株式会社マトリクス" } }),
  },
  "PUT /app/workspace/{id}/group-types": {
    expect: managers(),
    request: (f) => ({
      url: `/app/workspace/${f.workspaceId}/group-types`,
      payload: { items: f.layers.map(({ id, name }) => ({ id, name })) },
    }),
  },
  "PUT /app/workspace/{id}/official-positions": {
    expect: managers(),
    request: (f) => ({
      url: `/app/workspace/${f.workspaceId}/official-positions`,
      payload: { items: f.positions.map(({ id, name, rank }) => ({ id, name, rank })) },
    }),
  },
  "PUT /app/workspace/{id}/official-position": {
    expect: managers(),
    request: (f) => ({
      url: `/app/workspace/${f.workspaceId}/official-position`,
      payload: { id: f.positions[0]!.id, name: f.positions[0]!.name, rank: 1 },
    }),
  },
  "GET /app/workspace-user/me": {
    expect: members(),
    request: (f) => ({ url: `/app/workspace-user/me?workspace_id=${f.workspaceId}` }),
  },
  "PATCH /app/workspace-user/me": {
    expect: members(),
    request: (f) => ({ url: `/app/workspace-user/me?workspace_id=${f.workspaceId}`, payload: { first_name: "次郎" } }),
  },

  // Plans and billing (docs/decisions/0017): every member reads the plan; changes need manage_billing.
  // Integrations (docs/decisions/0020): every member reads the connections and their own links; connecting,
  // routing and disconnecting need manage_integrations. The matrix's server configures no provider (409).
  "GET /app/workspace-external-service/list-all": {
    expect: members(),
    request: (f) => ({ url: `/app/workspace-external-service/list-all?workspace_id=${f.workspaceId}` }),
  },
  "POST /app/workspace-external-service/new": {
    expect: managers(409),
    request: (f) => ({
      url: "/app/workspace-external-service/new",
      payload: { workspace_id: f.workspaceId, service: "chatwork" },
    }),
  },
  "POST /app/workspace-external-service/callback": {
    expect: all(400),
    request: () => ({ url: "/app/workspace-external-service/callback", payload: { code: "x", state: "forged" } }),
  },
  "GET /app/workspace-external-service/{id}": {
    expect: members(),
    request: (f) => ({ url: `/app/workspace-external-service/${f.connectionId}` }),
  },
  "DELETE /app/workspace-external-service/{id}": {
    expect: managers(),
    request: async (f) => ({ url: `/app/workspace-external-service/${await f.freshConnection()}` }),
  },
  "GET /app/workspace-external-service/{id}/channels": {
    expect: managers(409),
    request: (f) => ({ url: `/app/workspace-external-service/${f.connectionId}/channels` }),
  },
  "PUT /app/workspace-external-service/{id}/route": {
    expect: managers(),
    request: (f) => ({
      url: `/app/workspace-external-service/${f.connectionId}/route`,
      payload: { target_type: "group", target_id: f.groupId, channel_id: null },
    }),
  },
  "GET /app/my-external-linkage/list-all": {
    expect: members(),
    request: (f) => ({ url: `/app/my-external-linkage/list-all?workspace_id=${f.workspaceId}` }),
  },
  "POST /app/my-external-linkage/new": {
    expect: members(409),
    request: (f) => ({
      url: "/app/my-external-linkage/new",
      payload: { workspace_id: f.workspaceId, service: "slack" },
    }),
  },
  "PATCH /app/my-external-linkage/{service}": {
    expect: members(409),
    request: (f) => ({
      url: "/app/my-external-linkage/slack",
      payload: {
        workspace_id: f.workspaceId,
        kinds: { assigned: true, status: true, reminder: false, meeting: true, comment: true },
      },
    }),
  },
  "DELETE /app/my-external-linkage/{service}": {
    expect: members(409),
    request: (f) => ({ url: `/app/my-external-linkage/chatwork?workspace_id=${f.workspaceId}` }),
  },
  "POST /app/my-external-linkage/{service}/test": {
    expect: members(409),
    request: (f) => ({ url: "/app/my-external-linkage/slack/test", payload: { workspace_id: f.workspaceId } }),
  },
  "GET /app/plan-contract/list-all": {
    expect: members(),
    request: (f) => ({ url: `/app/plan-contract/list-all?workspace_id=${f.workspaceId}` }),
  },
  // An unknown partner code: the owner passes the permission and meets the rule, and nothing changes.
  "POST /app/plan-contract/new": {
    expect: billing(400),
    request: (f) => ({
      url: "/app/plan-contract/new",
      payload: { workspace_id: f.workspaceId, plan: "standard", payment_method: "card", partner_code: "NO-SUCH" },
    }),
  },
  "POST /app/plan-contract/change": {
    expect: billing(409),
    request: (f) => ({ url: "/app/plan-contract/change", payload: { workspace_id: f.workspaceId, plan: "premium" } }),
  },
  "PUT /app/plan-contract/{id}/cancel": {
    expect: billing(409),
    // An ended contract: cancelling the current one (the trial) would end it and put the workspace on free.
    request: (f) => ({ url: `/app/plan-contract/${f.billing.endedContractId}/cancel` }),
  },
  "PUT /app/plan-contract/{id}/payment-method": {
    expect: billing(409),
    // An ended contract has no method to switch: the owner passes the permission and meets the rule.
    request: (f) => ({
      url: `/app/plan-contract/${f.billing.endedContractId}/payment-method`,
      payload: { payment_method: "bank_transfer" },
    }),
  },
  "GET /app/credit-card/list-all": {
    expect: billing(),
    request: (f) => ({ url: `/app/credit-card/list-all?workspace_id=${f.workspaceId}` }),
  },
  "PUT /app/credit-card/{id}/default": {
    expect: billing(),
    request: (f) => ({ url: `/app/credit-card/${f.billing.cardId}/default` }),
  },
  "DELETE /app/credit-card/{id}": {
    expect: billing(),
    request: async (f) => ({ url: `/app/credit-card/${await f.billing.freshCard()}` }),
  },
  "GET /app/invoice/list": {
    expect: billing(),
    request: (f) => ({ url: `/app/invoice/list?workspace_id=${f.workspaceId}` }),
  },
  "GET /app/invoice/{id}": { expect: billing(), request: (f) => ({ url: `/app/invoice/${f.billing.invoiceId}` }) },
  "POST /app/company/new": {
    expect: billing(409),
    request: (f) => ({ url: "/app/company/new", payload: { workspace_id: f.workspaceId, name: "株式会社マトリクス" } }),
  },
  "GET /app/company/{id}": { expect: billing(), request: (f) => ({ url: `/app/company/${f.billing.companyId}` }) },
  "PATCH /app/company/{id}": {
    expect: billing(),
    request: (f) => ({ url: `/app/company/${f.billing.companyId}`, payload: { phone: "03-0000-0000" } }),
  },
  "POST /app/company/verify-new-code": {
    expect: all(200),
    request: () => ({ url: "/app/company/verify-new-code", payload: { corporate_number: "8010601046367" } }),
  },
  "GET /app/partner/me": {
    expect: billing(),
    request: (f) => ({ url: `/app/partner/me?workspace_id=${f.workspaceId}` }),
  },
  "POST /app/partner/verify-partner-code": {
    expect: billing(),
    request: (f) => ({
      url: "/app/partner/verify-partner-code",
      payload: { workspace_id: f.workspaceId, code: "SAKURA-DX" },
    }),
  },
  "POST /app/workspace/{id}/restore": {
    expect: billing(),
    request: (f) => ({ url: `/app/workspace/${f.workspaceId}/restore` }),
  },
  // Each call first restores what the previous one disabled, so the rows after it find the workspace open.
  "PUT /app/workspace/{id}/disable": {
    expect: billing(),
    request: async (f) => {
      await call(app(), { method: "POST", url: `/app/workspace/${f.workspaceId}/restore`, token: f.tokens.owner });
      return { url: `/app/workspace/${f.workspaceId}/disable` };
    },
  },
  "POST /app/workspace/{id}/sync-payment": {
    expect: billing(),
    request: (f) => ({ url: `/app/workspace/${f.workspaceId}/sync-payment`, payload: {} }),
  },
  "GET /app/workspace/{id}/payment-client-secret": {
    expect: billing(),
    request: (f) => ({ url: `/app/workspace/${f.workspaceId}/payment-client-secret` }),
  },
  "POST /app/payment/webhook": {
    expect: publicCall(400),
    request: () => ({ url: "/app/payment/webhook", payload: { id: "evt_forged", type: "payment_intent.succeeded" } }),
  },

  // Staff.
  "GET /app/workspace-user/list": {
    expect: members(),
    request: (f) => ({ url: `/app/workspace-user/list?workspace_id=${f.workspaceId}` }),
  },
  "POST /app/workspace-user/new": {
    expect: managers(201),
    request: (f) => ({
      url: "/app/workspace-user/new",
      payload: { workspace_id: f.workspaceId, email: uniqueEmail("invitee"), last_name: "招待", first_name: "花子" },
    }),
  },
  "GET /app/workspace-user/{id}": { expect: members(), request: (f) => ({ url: `/app/workspace-user/${f.staffId}` }) },
  "PATCH /app/workspace-user/{id}": {
    expect: managers(),
    request: (f) => ({ url: `/app/workspace-user/${f.staffId}`, payload: { employee_code: "E-001" } }),
  },
  "DELETE /app/workspace-user/{id}": {
    expect: managers(),
    request: async (f) => ({ url: `/app/workspace-user/${await f.freshStaff()}` }),
  },
  "PUT /app/workspace-user/{id}/status": {
    expect: managers(),
    request: async (f) => ({
      url: `/app/workspace-user/${await f.freshStaff()}/status`,
      payload: { status: "suspended" },
    }),
  },
  "PUT /app/workspace-user/{id}/position": {
    expect: managers(),
    request: (f) => ({ url: `/app/workspace-user/${f.staffId}/position`, payload: { prev_id: null, next_id: null } }),
  },
  "PUT /app/workspace-user/{id}/restoration": {
    expect: managers(),
    request: async (f) => {
      const id = await f.freshStaff();
      await call(app(), { method: "DELETE", url: `/app/workspace-user/${id}`, token: f.tokens.owner });
      return { url: `/app/workspace-user/${id}/restoration` };
    },
  },
  "POST /app/workspace-user/import": {
    expect: managers(),
    request: (f) => ({
      url: "/app/workspace-user/import",
      payload: {
        workspace_id: f.workspaceId,
        dry_run: true,
        rows: [{ email: uniqueEmail("csv"), last_name: "山本", first_name: "一郎" }],
      },
    }),
  },
  "GET /app/workspace-user/export.csv": {
    expect: managers(),
    request: (f) => ({ url: `/app/workspace-user/export.csv?workspace_id=${f.workspaceId}` }),
  },

  // Groups.
  "GET /app/group/list": {
    expect: members(),
    request: (f) => ({ url: `/app/group/list?workspace_id=${f.workspaceId}` }),
  },
  "GET /app/group/topdown/list-all": {
    expect: members(),
    request: (f) => ({ url: `/app/group/topdown/list-all?workspace_id=${f.workspaceId}` }),
  },
  "POST /app/group/new": {
    expect: managers(201),
    request: (f) => ({ url: "/app/group/new", payload: { workspace_id: f.workspaceId, name: "新しいグループ" } }),
  },
  "GET /app/group/{id}": { expect: members(), request: (f) => ({ url: `/app/group/${f.groupId}` }) },
  "PATCH /app/group/{id}": {
    expect: managers(),
    request: (f) => ({ url: `/app/group/${f.groupId}`, payload: { name: "営業部" } }),
  },
  "DELETE /app/group/{id}": {
    expect: managers(),
    request: async (f) => ({ url: `/app/group/${await f.freshGroup()}` }),
  },
  "PUT /app/group/{id}/restoration": {
    expect: managers(),
    request: async (f) => {
      const id = await f.freshGroup();
      await call(app(), { method: "DELETE", url: `/app/group/${id}`, token: f.tokens.owner });
      return { url: `/app/group/${id}/restoration` };
    },
  },

  // Projects (the fixture's project has every member of the workspace in it, so all may see it).
  "GET /app/project/list": {
    expect: members(),
    request: (f) => ({ url: `/app/project/list?workspace_id=${f.workspaceId}` }),
  },
  "POST /app/project/new": {
    expect: managers(201),
    request: (f) => ({ url: "/app/project/new", payload: { workspace_id: f.workspaceId, name: "新規プロジェクト" } }),
  },
  "GET /app/project/{id}": { expect: members(), request: (f) => ({ url: `/app/project/${f.projectId}` }) },
  "PATCH /app/project/{id}": {
    expect: managers(),
    request: (f) => ({ url: `/app/project/${f.projectId}`, payload: { description: "更新" } }),
  },
  "DELETE /app/project/{id}": {
    expect: managers(),
    request: async (f) => ({ url: `/app/project/${await f.freshProject()}` }),
  },
  "PUT /app/project/{id}/position": {
    expect: managers(),
    request: (f) => ({ url: `/app/project/${f.projectId}/position`, payload: { prev_id: null, next_id: null } }),
  },
  "PUT /app/project/{id}/restoration": {
    expect: managers(),
    request: async (f) => {
      const id = await f.freshProject();
      await call(app(), { method: "DELETE", url: `/app/project/${id}`, token: f.tokens.owner });
      return { url: `/app/project/${id}/restoration` };
    },
  },

  // Primary items (大項目) of the fixture's project: members read and write, guests only read.
  "GET /app/primary-item/list": {
    expect: members(),
    request: (f) => ({ url: `/app/primary-item/list?workspace_id=${f.workspaceId}&project_id=${f.projectId}` }),
  },
  "DELETE /app/primary-item/list": {
    expect: writers(),
    request: async (f) => ({ url: "/app/primary-item/list", payload: { ids: [await f.freshPrimaryItem()] } }),
  },
  "PUT /app/primary-item/list/restoration": {
    expect: writers(),
    request: async (f) => {
      const id = await f.freshPrimaryItem();
      await call(app(), { method: "DELETE", url: `/app/primary-item/${id}`, token: f.tokens.owner });
      return { url: "/app/primary-item/list/restoration", payload: { ids: [id] } };
    },
  },
  "GET /app/primary-item/id-name/list-all": {
    expect: members(),
    request: (f) => ({
      url: `/app/primary-item/id-name/list-all?workspace_id=${f.workspaceId}&project_id=${f.projectId}`,
    }),
  },
  "POST /app/primary-item/new": {
    expect: writers(201),
    request: (f) => ({
      url: "/app/primary-item/new",
      payload: { workspace_id: f.workspaceId, project_id: f.projectId, name: "要件定義" },
    }),
  },
  "GET /app/primary-item/{id}": {
    expect: members(),
    request: (f) => ({ url: `/app/primary-item/${f.primaryItemId}` }),
  },
  "PATCH /app/primary-item/{id}": {
    expect: writers(),
    request: (f) => ({ url: `/app/primary-item/${f.primaryItemId}`, payload: { description: "更新" } }),
  },
  "DELETE /app/primary-item/{id}": {
    expect: writers(),
    request: async (f) => ({ url: `/app/primary-item/${await f.freshPrimaryItem()}` }),
  },
  "POST /app/primary-item/{id}/duplicate": {
    expect: writers(201),
    request: async (f) => ({ url: `/app/primary-item/${await f.freshPrimaryItem()}/duplicate` }),
  },
  "PUT /app/primary-item/{id}/position": {
    expect: writers(),
    request: (f) => ({
      url: `/app/primary-item/${f.primaryItemId}/position`,
      payload: { prev_id: null, next_id: null },
    }),
  },
  "PUT /app/primary-item/{id}/restoration": {
    expect: writers(),
    request: async (f) => {
      const id = await f.freshPrimaryItem();
      await call(app(), { method: "DELETE", url: `/app/primary-item/${id}`, token: f.tokens.owner });
      return { url: `/app/primary-item/${id}/restoration` };
    },
  },

  // Secondary items (中項目) under the fixture's primary item: members read and write, guests only read.
  "GET /app/secondary-item/list": {
    expect: members(),
    request: (f) => ({
      url: `/app/secondary-item/list?workspace_id=${f.workspaceId}&primary_item_id=${f.primaryItemId}`,
    }),
  },
  "DELETE /app/secondary-item/list": {
    expect: writers(),
    request: async (f) => ({ url: "/app/secondary-item/list", payload: { ids: [await f.freshSecondaryItem()] } }),
  },
  "PUT /app/secondary-item/list/restoration": {
    expect: writers(),
    request: async (f) => {
      const id = await f.freshSecondaryItem();
      await call(app(), { method: "DELETE", url: `/app/secondary-item/${id}`, token: f.tokens.owner });
      return { url: "/app/secondary-item/list/restoration", payload: { ids: [id] } };
    },
  },
  "GET /app/secondary-item/id-name/list-all": {
    expect: members(),
    request: (f) => ({
      url: `/app/secondary-item/id-name/list-all?workspace_id=${f.workspaceId}&primary_item_id=${f.primaryItemId}`,
    }),
  },
  "POST /app/secondary-item/new": {
    expect: writers(201),
    request: (f) => ({
      url: "/app/secondary-item/new",
      payload: { workspace_id: f.workspaceId, primary_item_id: f.primaryItemId, name: "要件定義" },
    }),
  },
  "GET /app/secondary-item/{id}": {
    expect: members(),
    request: (f) => ({ url: `/app/secondary-item/${f.secondaryItemId}` }),
  },
  "PATCH /app/secondary-item/{id}": {
    expect: writers(),
    request: (f) => ({ url: `/app/secondary-item/${f.secondaryItemId}`, payload: { description: "更新" } }),
  },
  "DELETE /app/secondary-item/{id}": {
    expect: writers(),
    request: async (f) => ({ url: `/app/secondary-item/${await f.freshSecondaryItem()}` }),
  },
  "POST /app/secondary-item/{id}/duplicate": {
    expect: writers(201),
    request: async (f) => ({ url: `/app/secondary-item/${await f.freshSecondaryItem()}/duplicate` }),
  },
  "PUT /app/secondary-item/{id}/position": {
    expect: writers(),
    request: (f) => ({
      url: `/app/secondary-item/${f.secondaryItemId}/position`,
      payload: { prev_id: null, next_id: null },
    }),
  },
  "PUT /app/secondary-item/{id}/restoration": {
    expect: writers(),
    request: async (f) => {
      const id = await f.freshSecondaryItem();
      await call(app(), { method: "DELETE", url: `/app/secondary-item/${id}`, token: f.tokens.owner });
      return { url: `/app/secondary-item/${id}/restoration` };
    },
  },

  // Tasks: the fixture's task is the member's (assignee), made by the owner; a guest sees only their own.
  "GET /app/task/list": {
    expect: members(),
    request: (f) => ({ url: `/app/task/list?workspace_id=${f.workspaceId}&tab=me` }),
  },
  "GET /app/task/me/list": {
    expect: members(),
    request: (f) => ({ url: `/app/task/me/list?workspace_id=${f.workspaceId}` }),
  },
  "POST /app/task/new": {
    expect: writers(201),
    request: (f) => ({ url: "/app/task/new", payload: { workspace_id: f.workspaceId, title: "新しいタスク" } }),
  },
  "POST /app/task/list": {
    expect: writers(201),
    request: (f) => ({ url: "/app/task/list", payload: { workspace_id: f.workspaceId, items: [{ title: "一括" }] } }),
  },
  "PATCH /app/task/list": {
    expect: taskParties(),
    request: (f) => ({ url: "/app/task/list", payload: { ids: [f.taskId], changes: { priority: "high" } } }),
  },
  "DELETE /app/task/list": {
    expect: taskParties(),
    request: async (f) => ({ url: "/app/task/list", payload: { ids: [await f.freshTask()] } }),
  },
  "PUT /app/task/list/restoration": {
    expect: taskParties(),
    request: async (f) => {
      const id = await f.freshTask();
      await call(app(), { method: "DELETE", url: `/app/task/${id}`, token: f.tokens.owner });
      return { url: "/app/task/list/restoration", payload: { ids: [id] } };
    },
  },
  "GET /app/task/{id}": { expect: taskParties(), request: (f) => ({ url: `/app/task/${f.taskId}` }) },
  "PATCH /app/task/{id}": {
    expect: taskParties(),
    request: (f) => ({ url: `/app/task/${f.taskId}`, payload: { description: "更新" } }),
  },
  "DELETE /app/task/{id}": {
    expect: taskParties(),
    request: async (f) => ({ url: `/app/task/${await f.freshTask()}` }),
  },
  "PUT /app/task/{id}/status": {
    expect: taskParties(),
    request: async (f) => ({ url: `/app/task/${await f.freshTask()}/status`, payload: { status: "in_progress" } }),
  },
  "PUT /app/task/{id}/position": {
    expect: taskParties(),
    request: (f) => ({ url: `/app/task/${f.taskId}/position`, payload: { prev_id: null, next_id: null } }),
  },
  "POST /app/task/{id}/duplicate": {
    expect: taskParties(201),
    request: (f) => ({ url: `/app/task/${f.taskId}/duplicate` }),
  },
  "POST /app/task/{id}/sync-generated-description": {
    expect: taskParties(),
    request: (f) => ({ url: `/app/task/${f.taskId}/sync-generated-description`, payload: { overwrite: true } }),
  },
  "PUT /app/task/{id}/periodic": {
    expect: taskParties(),
    request: async (f) => ({ url: `/app/task/${await f.freshTask()}/periodic`, payload: { rule: weeklyRule } }),
  },
  "DELETE /app/task/{id}/periodic": {
    expect: taskParties(),
    request: async (f) => {
      const id = await f.freshTask();
      await call(app(), {
        method: "PUT",
        url: `/app/task/${id}/periodic`,
        token: f.tokens.owner,
        payload: { rule: weeklyRule },
      });
      return { url: `/app/task/${id}/periodic` };
    },
  },
  "PUT /app/task/list/periodic": {
    expect: taskParties(),
    request: async (f) => ({
      url: "/app/task/list/periodic",
      payload: { workspace_id: f.workspaceId, ids: [await f.freshTask()], rule: weeklyRule },
    }),
  },
  "POST /app/task/periodic/preview": {
    expect: members(),
    request: (f) => ({
      url: "/app/task/periodic/preview",
      payload: { workspace_id: f.workspaceId, rule: weeklyRule, count: 3 },
    }),
  },
  // Comments, watchers and the timeline follow the task's sight; editing is the author's (the member's
  // comment here), deleting the author's or an owner's / admin's.
  "GET /app/task/{id}/comment/list-all": {
    expect: taskParties(),
    request: (f) => ({ url: `/app/task/${f.taskId}/comment/list-all` }),
  },
  "POST /app/task/{id}/comment/new": {
    expect: taskParties(201),
    request: (f) => ({ url: `/app/task/${f.taskId}/comment/new`, payload: { body: "<p>確認しました</p>" } }),
  },
  "PATCH /app/task/{id}/comment/{comment_id}": {
    expect: { ...taskParties(), owner: 403, admin: 403 },
    request: async (f) => ({
      url: `/app/task/${f.taskId}/comment/${await memberComment(f)}`,
      payload: { body: "<p>修正しました</p>" },
    }),
  },
  "DELETE /app/task/{id}/comment/{comment_id}": {
    expect: taskParties(),
    request: async (f) => ({ url: `/app/task/${f.taskId}/comment/${await memberComment(f)}` }),
  },
  "GET /app/task/{id}/watcher/list-all": {
    expect: taskParties(),
    request: (f) => ({ url: `/app/task/${f.taskId}/watcher/list-all` }),
  },
  "PUT /app/task/{id}/watcher": { expect: taskParties(), request: (f) => ({ url: `/app/task/${f.taskId}/watcher` }) },
  "DELETE /app/task/{id}/watcher": {
    expect: taskParties(),
    request: (f) => ({ url: `/app/task/${f.taskId}/watcher` }),
  },
  "GET /app/task/{id}/activity/list-all": {
    expect: taskParties(),
    request: (f) => ({ url: `/app/task/${f.taskId}/activity/list-all` }),
  },
  "PUT /app/task/{id}/restoration": {
    expect: taskParties(),
    request: async (f) => {
      const id = await f.freshTask();
      await call(app(), { method: "DELETE", url: `/app/task/${id}`, token: f.tokens.owner });
      return { url: `/app/task/${id}/restoration` };
    },
  },

  // Images.
  "POST /app/image/new": {
    expect: members(201),
    request: (f) => ({
      url: "/app/image/new",
      ...multipart({ workspace_id: f.workspaceId }, { name: "avatar.png", type: "image/png", data: PNG_1x1 }),
    }),
  },
  "GET /app/image/{id}": { expect: members(), request: (f) => ({ url: `/app/image/${f.imageId}` }) },
  // Attachments follow their task: those who see it read and attach; the uploader, manager or admins delete.
  "POST /app/task-attachment/new": {
    expect: taskParties(201),
    request: (f) => ({
      url: "/app/task-attachment/new",
      ...multipart({ task_id: f.taskId }, { name: "資料.png", type: "image/png", data: PNG_1x1 }),
    }),
  },
  "GET /app/task-attachment/list": {
    expect: taskParties(),
    request: (f) => ({ url: `/app/task-attachment/list?task_id=${f.taskId}` }),
  },
  "GET /app/task-attachment/{id}/file": {
    expect: taskParties(),
    request: (f) => ({ url: `/app/task-attachment/${f.attachmentId}/file` }),
  },
  "GET /app/task-attachment/{id}/preview": {
    expect: taskParties(),
    request: (f) => ({ url: `/app/task-attachment/${f.attachmentId}/preview` }),
  },
  "DELETE /app/task-attachment/{id}": {
    // The member is the task's assignee, not the uploader nor its manager.
    expect: { ...taskParties(), member: 403 },
    request: async (f) => ({ url: `/app/task-attachment/${await f.freshAttachment()}` }),
  },

  // Notifications: each person's own; the fixture's task told the member it is theirs.
  "GET /app/notification/list": {
    expect: members(),
    request: (f) => ({ url: `/app/notification/list?workspace_id=${f.workspaceId}` }),
  },
  "GET /app/notification/unread-count": {
    expect: members(),
    request: (f) => ({ url: `/app/notification/unread-count?workspace_id=${f.workspaceId}` }),
  },
  "PUT /app/notification/list/read": {
    expect: members(),
    request: (f) => ({ url: "/app/notification/list/read", payload: { workspace_id: f.workspaceId } }),
  },
  "PUT /app/notification/{id}/read": {
    // Only the recipient: to everyone else, of this workspace or another, it does not exist.
    expect: { owner: 404, admin: 404, member: 200, guest: 404, outsider: 404, anonymous: 401 },
    request: async (f) => {
      const list = await call(t.app, {
        method: "GET",
        url: `/app/notification/list?workspace_id=${f.workspaceId}`,
        token: f.tokens.member,
      });
      return { url: `/app/notification/${list.body.items[0].id}/read` };
    },
  },
  "GET /app/notification/preference": { expect: all(200), request: () => ({ url: "/app/notification/preference" }) },
  "PUT /app/notification/preference": {
    expect: all(200),
    request: () => ({ url: "/app/notification/preference", payload: { email: "immediately" } }),
  },

  // Meetings: participants read; the organiser (the owner) and manage_meetings (the admin) change them.
  "GET /app/meeting/list": {
    expect: members(),
    request: (f) => ({ url: `/app/meeting/list?workspace_id=${f.workspaceId}&from=2026-01-01` }),
  },
  "GET /app/meeting/room-name/list-all": {
    expect: members(),
    request: (f) => ({ url: `/app/meeting/room-name/list-all?workspace_id=${f.workspaceId}` }),
  },
  "POST /app/meeting/new": {
    expect: writers(201),
    request: (f) => ({
      url: "/app/meeting/new",
      payload: {
        workspace_id: f.workspaceId,
        name: "定例",
        starts_at: "2026-12-01T10:00:00+09:00",
        ends_at: "2026-12-01T11:00:00+09:00",
      },
    }),
  },
  "GET /app/meeting/{id}": {
    expect: members(),
    request: (f) => ({ url: `/app/meeting/${f.meetingId}` }),
  },
  "PATCH /app/meeting/{id}": {
    expect: managers(),
    request: (f) => ({ url: `/app/meeting/${f.meetingId}`, payload: { room_name: "第1会議室" } }),
  },
  "DELETE /app/meeting/{id}": {
    expect: managers(),
    request: async (f) => ({ url: `/app/meeting/${await f.freshMeeting()}` }),
  },
  "PUT /app/meeting/{id}/periodic": {
    expect: managers(),
    request: async (f) => ({ url: `/app/meeting/${await f.freshMeeting()}/periodic`, payload: { rule: weeklyRule } }),
  },
  "DELETE /app/meeting/{id}/periodic": {
    expect: managers(),
    request: async (f) => ({ url: `/app/meeting/${await f.freshMeeting()}/periodic` }),
  },
  "PUT /app/meeting/{id}/position": {
    expect: managers(),
    request: (f) => ({ url: `/app/meeting/${f.meetingId}/position`, payload: {} }),
  },
  "PUT /app/meeting/{id}/restoration": {
    expect: managers(),
    request: async (f) => {
      const id = await f.freshMeeting();
      await call(app(), { method: "DELETE", url: `/app/meeting/${id}`, token: f.tokens.owner });
      return { url: `/app/meeting/${id}/restoration` };
    },
  },

  // Invitation .ics and 議事録を共有: whoever sees the meeting; sharing by those who write the minutes (all four
  // are its organiser or participants). The calendar feed is each person's own.
  "GET /app/meeting/{id}/ical": {
    expect: members(),
    request: (f) => ({ url: `/app/meeting/${f.meetingId}/ical` }),
  },
  "POST /app/meeting/{id}/minutes/share": {
    expect: members(),
    request: async (f) => {
      const id = await f.freshMeeting();
      await call(app(), {
        method: "PATCH",
        url: `/app/meeting/${id}`,
        token: f.tokens.owner,
        payload: { minutes: "<p>決定事項</p>" },
      });
      return { url: `/app/meeting/${id}/minutes/share` };
    },
  },
  "GET /app/calendar-feed": {
    expect: members(),
    request: (f) => ({ url: `/app/calendar-feed?workspace_id=${f.workspaceId}` }),
  },
  "POST /app/calendar-feed": {
    expect: members(),
    request: (f) => ({ url: "/app/calendar-feed", payload: { workspace_id: f.workspaceId } }),
  },
  "DELETE /app/calendar-feed": {
    expect: members(),
    request: (f) => ({ url: `/app/calendar-feed?workspace_id=${f.workspaceId}` }),
  },
  // The feed's credential is its token: an unknown one is 404 to everyone, signed in or not.
  "GET /app/calendar-feed/ics": {
    expect: publicCall(404),
    request: () => ({ url: `/app/calendar-feed/ics?token=${"x".repeat(43)}` }),
  },

  // Audit log: owner and admin only.
  "GET /app/audit-log/list": {
    expect: managers(),
    request: (f) => ({ url: `/app/audit-log/list?workspace_id=${f.workspaceId}` }),
  },
  "GET /app/audit-log/export.csv": {
    expect: managers(),
    request: (f) => ({ url: `/app/audit-log/export.csv?workspace_id=${f.workspaceId}` }),
  },

  // Analytics: the workspace scope needs view_analytics_workspace (owner, admin by default); the scopes list answers
  // every member what they may open. Narrower scopes are covered in analytics.routes.test.ts.
  "GET /app/analytics/scopes": {
    expect: members(),
    request: (f) => ({ url: `/app/analytics/scopes?workspace_id=${f.workspaceId}` }),
  },
  "GET /app/analytics/summary": {
    expect: managers(),
    request: (f) => ({
      url: `/app/analytics/summary?workspace_id=${f.workspaceId}&scope=workspace&scope_id=${f.workspaceId}`,
    }),
  },
  "GET /app/analytics/workload": {
    expect: managers(),
    request: (f) => ({
      url: `/app/analytics/workload?workspace_id=${f.workspaceId}&scope=workspace&scope_id=${f.workspaceId}`,
    }),
  },
  "GET /app/analytics/meetings": {
    expect: managers(),
    request: (f) => ({
      url: `/app/analytics/meetings?workspace_id=${f.workspaceId}&scope=workspace&scope_id=${f.workspaceId}`,
    }),
  },
  "GET /app/analytics/breakdown": {
    expect: managers(),
    request: (f) => ({
      url: `/app/analytics/breakdown?workspace_id=${f.workspaceId}&scope=workspace&scope_id=${f.workspaceId}&by=group`,
    }),
  },

  // Templates: manage_templates (owner, admin by default) edits; whoever may add tasks (members) reads and uses;
  // guests neither. Another workspace's templates and parents are 404 (template.routes.test.ts).
  "GET /app/task-tpl/list": {
    expect: writers(),
    request: (f) => ({ url: `/app/task-tpl/list?workspace_id=${f.workspaceId}` }),
  },
  "PATCH /app/task-tpl/list": {
    expect: managers(),
    request: (f) => ({
      url: "/app/task-tpl/list",
      payload: { workspace_id: f.workspaceId, items: [{ id: f.templates.task, title: "見積書の作成" }] },
    }),
  },
  "POST /app/task-tpl/new": {
    expect: managers(201),
    request: (f) => ({ url: "/app/task-tpl/new", payload: { workspace_id: f.workspaceId, title: "請求書の発行" } }),
  },
  "POST /app/task-tpl/use": {
    expect: writers(201),
    request: (f) => ({
      url: "/app/task-tpl/use",
      payload: {
        workspace_id: f.workspaceId,
        ids: [f.templates.task],
        start_date: "2026-12-01",
        project_id: f.projectId,
      },
    }),
  },
  "POST /app/task-tpl/from-task": {
    expect: { ...managers(201), guest: 404 },
    request: (f) => ({ url: "/app/task-tpl/from-task", payload: { task_id: f.taskId } }),
  },
  "GET /app/task-tpl/{id}": {
    expect: writers(),
    request: (f) => ({ url: `/app/task-tpl/${f.templates.task}` }),
  },
  "PATCH /app/task-tpl/{id}": {
    expect: managers(),
    request: (f) => ({ url: `/app/task-tpl/${f.templates.task}`, payload: { duration_days: 2 } }),
  },
  "DELETE /app/task-tpl/{id}": {
    expect: managers(),
    request: async (f) => ({ url: `/app/task-tpl/${await f.templates.fresh("task-tpl")}` }),
  },
  "GET /app/primary-item-tpl/list": {
    expect: writers(),
    request: (f) => ({ url: `/app/primary-item-tpl/list?workspace_id=${f.workspaceId}` }),
  },
  "POST /app/primary-item-tpl/new": {
    expect: managers(201),
    request: (f) => ({
      url: "/app/primary-item-tpl/new",
      payload: { workspace_id: f.workspaceId, name: "展示会出展", secondary_items: [{ name: "準備" }] },
    }),
  },
  "POST /app/primary-item-tpl/use": {
    expect: writers(201),
    request: (f) => ({
      url: "/app/primary-item-tpl/use",
      payload: {
        workspace_id: f.workspaceId,
        ids: [f.templates.primary],
        start_date: "2026-12-01",
        project_id: f.projectId,
      },
    }),
  },
  "POST /app/primary-item-tpl/from-item": {
    expect: managers(201),
    request: (f) => ({ url: "/app/primary-item-tpl/from-item", payload: { primary_item_id: f.primaryItemId } }),
  },
  "GET /app/primary-item-tpl/{id}": {
    expect: writers(),
    request: (f) => ({ url: `/app/primary-item-tpl/${f.templates.primary}` }),
  },
  "PATCH /app/primary-item-tpl/{id}": {
    expect: managers(),
    request: (f) => ({ url: `/app/primary-item-tpl/${f.templates.primary}`, payload: { description: "更新" } }),
  },
  "DELETE /app/primary-item-tpl/{id}": {
    expect: managers(),
    request: async (f) => ({ url: `/app/primary-item-tpl/${await f.templates.fresh("primary-item-tpl")}` }),
  },
  "GET /app/secondary-item-tpl/list": {
    expect: writers(),
    request: (f) => ({ url: `/app/secondary-item-tpl/list?workspace_id=${f.workspaceId}` }),
  },
  "POST /app/secondary-item-tpl/new": {
    expect: managers(201),
    request: (f) => ({ url: "/app/secondary-item-tpl/new", payload: { workspace_id: f.workspaceId, name: "広報" } }),
  },
  "POST /app/secondary-item-tpl/use": {
    expect: writers(201),
    request: (f) => ({
      url: "/app/secondary-item-tpl/use",
      payload: {
        workspace_id: f.workspaceId,
        ids: [f.templates.secondary],
        start_date: "2026-12-01",
        primary_item_id: f.primaryItemId,
      },
    }),
  },
  "POST /app/secondary-item-tpl/from-item": {
    expect: managers(201),
    request: (f) => ({ url: "/app/secondary-item-tpl/from-item", payload: { secondary_item_id: f.secondaryItemId } }),
  },
  "GET /app/secondary-item-tpl/{id}": {
    expect: writers(),
    request: (f) => ({ url: `/app/secondary-item-tpl/${f.templates.secondary}` }),
  },
  "PATCH /app/secondary-item-tpl/{id}": {
    expect: managers(),
    request: (f) => ({ url: `/app/secondary-item-tpl/${f.templates.secondary}`, payload: { day_basis: "calendar" } }),
  },
  "DELETE /app/secondary-item-tpl/{id}": {
    expect: managers(),
    request: async (f) => ({ url: `/app/secondary-item-tpl/${await f.templates.fresh("secondary-item-tpl")}` }),
  },
  "POST /app/template/preview": {
    expect: writers(),
    request: (f) => ({
      url: "/app/template/preview",
      payload: {
        workspace_id: f.workspaceId,
        start_date: "2026-12-01",
        kind: "primary_item",
        ids: [f.templates.primary],
      },
    }),
  },

  "GET /app/ai-primary-tpl/list": {
    expect: writers(),
    request: (f) => ({ url: `/app/ai-primary-tpl/list?workspace_id=${f.workspaceId}&business_category_id=it` }),
  },
  "GET /app/ai-secondary-tpl/list": {
    expect: writers(),
    request: (f) => ({ url: `/app/ai-secondary-tpl/list?workspace_id=${f.workspaceId}` }),
  },
  "POST /app/ai-primary-tpl/generate": {
    expect: managers(),
    request: (f) => ({
      url: "/app/ai-primary-tpl/generate",
      payload: { workspace_id: f.workspaceId, goal: "秋の展示会に出展する", business_category_id: "it" },
    }),
  },

  // Closed days (休業日): every member reads; manage_org_definitions (owner, admin by default) replaces them.
  "GET /app/closed-day/list": {
    expect: members(),
    request: (f) => ({ url: `/app/closed-day/list?workspace_id=${f.workspaceId}` }),
  },
  "PUT /app/closed-day/list": {
    expect: managers(),
    request: (f) => ({
      url: "/app/closed-day/list",
      payload: {
        workspace_id: f.workspaceId,
        from: "2026-12-29",
        to: "2027-01-03",
        items: [{ date: "2026-12-29", name: "年末年始" }],
      },
    }),
  },
};

let t: TestApp;
let f: Fixture;
const app = () => t.app;

beforeAll(async () => {
  t = await createTestApp({ config: { dataDir: await makeTempDir() } });
  const owner = await signUpWithWorkspace(t, "株式会社マトリクス");
  const outsider = await signUpWithWorkspace(t, "他社");
  const workspaceId = owner.workspace.id;
  const admin = await addStaff(t, workspaceId, "admin");
  const member = await addStaff(t, workspaceId, "member");
  const guest = await addStaff(t, workspaceId, "guest");
  const ownerToken = owner.tokens.access_token;
  const as = (method: "POST" | "PUT", url: string, payload: object) =>
    call(t.app, { method, url, payload, token: ownerToken });

  const layers = (
    await as("PUT", `/app/workspace/${workspaceId}/group-types`, { items: [{ name: "部" }, { name: "課" }] })
  ).body.items;
  const positions = (
    await as("PUT", `/app/workspace/${workspaceId}/official-positions`, { items: [{ name: "部長", rank: 1 }] })
  ).body.items;
  const group = await as("POST", "/app/group/new", {
    workspace_id: workspaceId,
    name: "営業部",
    group_type_id: layers[0].id,
  });
  const project = await as("POST", "/app/project/new", {
    workspace_id: workspaceId,
    name: "基幹システム刷新",
    member_ids: [admin.staffId, member.staffId, guest.staffId],
  });
  const image = await call(t.app, {
    method: "POST",
    url: "/app/image/new",
    token: ownerToken,
    ...multipart({ workspace_id: workspaceId }, { name: "a.png", type: "image/png", data: PNG_1x1 }),
  });
  const newPrimaryItem = async () =>
    (
      await as("POST", "/app/primary-item/new", {
        workspace_id: workspaceId,
        project_id: project.body.id,
        name: "大項目",
      })
    ).body.id as string;
  const primaryItemId = await newPrimaryItem();
  const newSecondaryItem = async () =>
    (
      await as("POST", "/app/secondary-item/new", {
        workspace_id: workspaceId,
        primary_item_id: primaryItemId,
        name: "中項目",
      })
    ).body.id as string;
  const secondaryItemId = await newSecondaryItem();
  const newTask = async () =>
    (
      await as("POST", "/app/task/new", {
        workspace_id: workspaceId,
        title: "見積書を作成する",
        assignee_id: member.staffId,
      })
    ).body.id as string;
  const taskId = await newTask();
  const newAttachment = async () => {
    const res = await call(t.app, {
      method: "POST",
      url: "/app/task-attachment/new",
      token: ownerToken,
      ...multipart({ task_id: taskId }, { name: "a.png", type: "image/png", data: PNG_1x1 }),
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const attachmentId = await newAttachment();
  const newMeeting = async () =>
    (
      await as("POST", "/app/meeting/new", {
        workspace_id: workspaceId,
        name: "部内定例",
        starts_at: "2026-12-01T10:00:00+09:00",
        ends_at: "2026-12-01T11:00:00+09:00",
        participant_ids: [admin.staffId, member.staffId, guest.staffId],
      })
    ).body.id as string;
  const meetingId = await newMeeting();
  const newTemplate = async (kind: "task-tpl" | "primary-item-tpl" | "secondary-item-tpl") =>
    (
      await as("POST", `/app/${kind}/new`, {
        workspace_id: workspaceId,
        ...(kind === "task-tpl" ? { title: "見積書の作成" } : { name: "展示会出展", tasks: [{ title: "出展申込" }] }),
      })
    ).body.id as string;
  expect([group.status, project.status, image.status]).toEqual([201, 201, 201]);
  const contracts = await call(t.app, {
    method: "GET",
    url: `/app/plan-contract/list-all?workspace_id=${workspaceId}`,
    token: ownerToken,
  });
  const company = await as("POST", "/app/company/new", { workspace_id: workspaceId, name: "株式会社マトリクス" });
  const freshCard = async () => {
    const cards = await as("POST", `/app/workspace/${workspaceId}/sync-payment`, { local_test_card: "visa_ok" });
    return cards.body.items.at(-1).id as string;
  };
  const cardId = await freshCard();
  const invoice = await t.ctx.db.transaction((tx) =>
    issueInvoice(t.ctx, tx, {
      workspaceId,
      contractId: null,
      lines: [{ description: "初期設定サポート", quantity: 1, unit_price: 10000, amount: 10000, tax_rate: 10 }],
      periodStart: null,
      periodEnd: null,
      paymentMethod: "bank_transfer",
    }),
  );

  const connect = async (service: "slack" | "chatwork") => {
    await t.ctx.db.execute(
      sql`delete from workspace_external_services where workspace_id = ${workspaceId} and service = ${service}`,
    );
    const [row] = await t.ctx.db
      .insert(workspaceExternalServices)
      .values({ workspaceId, service, state: "active", externalName: "マトリクス" })
      .returning();
    return row!.id;
  };
  const connectionId = await connect("slack");

  f = {
    workspaceId,
    connectionId,
    freshConnection: () => connect("chatwork"),
    tokens: {
      owner: ownerToken,
      admin: admin.tokens.access_token,
      member: member.tokens.access_token,
      guest: guest.tokens.access_token,
      outsider: outsider.tokens.access_token,
    },
    staffId: member.staffId,
    groupId: group.body.id,
    projectId: project.body.id,
    imageId: image.body.id,
    layers,
    positions,
    primaryItemId,
    freshPrimaryItem: newPrimaryItem,
    secondaryItemId,
    freshSecondaryItem: newSecondaryItem,
    taskId,
    freshTask: newTask,
    attachmentId,
    freshAttachment: newAttachment,
    billing: {
      contractId: contracts.body.items[0].id,
      endedContractId: (
        await insertContract(t.ctx.db, {
          workspaceId,
          plan: "standard",
          cycle: "monthly",
          seats: 1,
          status: "expired",
          currentPeriodStart: new Date(t.ctx.now().getTime() - 60 * 86_400_000),
          currentPeriodEnd: new Date(t.ctx.now().getTime() - 30 * 86_400_000),
        })
      ).id,
      cardId,
      invoiceId: invoice.id,
      companyId: company.body.id,
      freshCard,
    },
    meetingId,
    freshMeeting: newMeeting,
    templates: {
      task: await newTemplate("task-tpl"),
      primary: await newTemplate("primary-item-tpl"),
      secondary: await newTemplate("secondary-item-tpl"),
      fresh: newTemplate,
    },
    freshStaff: async () => (await addStaff(t, workspaceId, "member")).staffId,
    freshGroup: async () =>
      (await as("POST", "/app/group/new", { workspace_id: workspaceId, name: "一時グループ" })).body.id,
    // Everyone of the workspace is in it, so that a refusal is about the permission, not visibility.
    freshProject: async () =>
      (
        await as("POST", "/app/project/new", {
          workspace_id: workspaceId,
          name: "一時プロジェクト",
          member_ids: [admin.staffId, member.staffId, guest.staffId],
        })
      ).body.id,
  };
}, 120_000);

afterAll(async () => {
  await t.close();
});

async function makeTempDir() {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  return mkdtempSync(path.join(tmpdir(), "tasuki-matrix-"));
}

describe("access matrix", () => {
  for (const [key, row] of Object.entries(matrix)) {
    const [method, path] = key.split(" ") as ["GET" | "POST" | "PUT" | "PATCH" | "DELETE", string];
    it(`${key}`, async () => {
      const got: Partial<Record<Actor, number>> = {};
      const bodies: string[] = [];
      for (const actor of actors) {
        const request = await row.request(f);
        const res = await call(t.app, {
          method,
          url: request.url,
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
          ...(request.headers ? { headers: request.headers } : {}),
          ...(actor === "anonymous" ? {} : { token: f.tokens[actor] }),
        });
        got[actor] = res.status;
        if (res.status >= 400) {
          // Every refusal is the error body, and a 404 never carries another company's data.
          expect(res.body, `${key} as ${actor}`).toMatchObject({
            message: expect.any(String),
            dev_message: expect.any(String),
            code: expect.any(String),
          });
          bodies.push(JSON.stringify(res.body));
        }
      }
      expect(got, path).toEqual(row.expect);
      expect(bodies.join("\n")).not.toContain("株式会社マトリクス");
    });
  }

  it("has a row for every documented endpoint", async () => {
    const doc = (await call(t.app, { method: "GET", url: "/app/openapi.json" })).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const missing = documented.filter((key) => !(key in matrix));
    expect(missing, "endpoints without a row in the access matrix").toEqual([]);
    const stale = Object.keys(matrix).filter((key) => !documented.includes(key));
    expect(stale, "rows for endpoints that no longer exist").toEqual([]);
  });
});

/**
 * Authentication comes before validation (http/route.ts: the token in onRequest, the session in preValidation):
 * an anonymous call answers 401 whatever its input, never the schema's messages, on every endpoint that is not
 * public — files, uploads and the hand-made calls included.
 */
describe("authentication before validation", () => {
  const junk = { workspace_id: "not-an-id", title: 5, name: ["x"], items: "x", status: "nonsense" };

  it("answers an anonymous call with invalid input 401 on every endpoint that needs a token", async () => {
    const got: Record<string, number> = {};
    for (const [key, row] of Object.entries(matrix)) {
      if (row.expect.anonymous !== 401) continue;
      const [method, path] = key.split(" ") as ["GET" | "POST" | "PUT" | "PATCH" | "DELETE", string];
      const url = `${path.replace(/\{\w+\}/g, "not-an-id")}?workspace_id=not-an-id&tab=nonsense&page=-1`;
      const res = await call(t.app, { method, url, ...(method === "GET" ? {} : { payload: junk }) });
      got[key] = res.status;
      if (res.status === 401) expect(res.body).toMatchObject({ code: "unauthorized" });
    }
    const refused = Object.fromEntries(Object.keys(got).map((key) => [key, 401]));
    expect(got).toEqual(refused);
    expect(Object.keys(got).length).toBeGreaterThan(80);
  });

  it("answers GET /app/task/list?tab=nonsense 401, not 400, without a token", async () => {
    const res = await call(t.app, { method: "GET", url: "/app/task/list?tab=nonsense" });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: "unauthorized" });
  });

  it("answers a signed-out session 401 before validating its input", async () => {
    const user = await signUpWithWorkspace(t, "ログアウト株式会社");
    const out = await call(t.app, {
      method: "POST",
      url: "/app/auth/logout",
      payload: { refresh_token: user.tokens.refresh_token },
    });
    expect(out.status).toBe(200);
    const res = await call(t.app, {
      method: "POST",
      url: "/app/task/new",
      token: user.tokens.access_token,
      payload: { workspace_id: user.workspace.id, title: "" },
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: "session_revoked" });
  });

  it("refuses an anonymous upload with 401 before reading it", async () => {
    const res = await call(t.app, {
      method: "POST",
      url: "/app/image/new",
      ...multipart({ workspace_id: "not-an-id" }, { name: "a.png", type: "image/png", data: PNG_1x1 }),
    });
    expect(res.status).toBe(401);
  });
});
