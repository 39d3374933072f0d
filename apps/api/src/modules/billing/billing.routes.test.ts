/**
 * Billing through the HTTP API with the local payment provider, on a fixed clock: company and billing contact,
 * partner codes, cards (test cards only), a card contract invoiced and charged at once, the qualified invoice as
 * JSON and as PDF (read back with pdftotext), proration of an upgrade by day, scheduled downgrades and
 * cancellation, bank transfer, failed charges retried over a week then dunning to disabled and locked and back,
 * signed webhooks (forged refused, replays idempotent), gap-free numbers, the audit log, and who may do what.
 */

import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { listAuditLogsContract } from "@tasuki/contract/audit-log/audit-log.contracts";
import { loginWithEmailContract } from "@tasuki/contract/auth/login-with-email.contract";
import {
  getCompanyContract,
  newCompanyContract,
  updateCompanyContract,
  verifyCompanyCodeContract,
} from "@tasuki/contract/billing/company.contracts";
import { setDefaultCreditCardContract } from "@tasuki/contract/billing/credit-card-default.contract";
import { deleteCreditCardContract } from "@tasuki/contract/billing/credit-card-delete.contract";
import { listCreditCardsContract } from "@tasuki/contract/billing/credit-card-list.contract";
import { getInvoiceContract } from "@tasuki/contract/billing/invoice-get.contract";
import { listInvoicesContract } from "@tasuki/contract/billing/invoice-list.contract";
import { listPlanContractsContract } from "@tasuki/contract/billing/list-plan-contracts.contract";
import { getMyPartnerContract, verifyPartnerCodeContract } from "@tasuki/contract/billing/partner.contracts";
import { cancelPlanContractContract } from "@tasuki/contract/billing/plan-contract-cancel.contract";
import { changePlanContractContract } from "@tasuki/contract/billing/plan-contract-change.contract";
import { newPlanContractContract } from "@tasuki/contract/billing/plan-contract-new.contract";
import {
  disableWorkspaceContract,
  paymentClientSecretContract,
  restoreWorkspaceContract,
  syncPaymentContract,
} from "@tasuki/contract/billing/workspace-billing.contracts";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { newProjectContract } from "@tasuki/contract/project/project.contracts";
import { getTaskContract, newTaskContract } from "@tasuki/contract/task/task.contracts";
import { getWorkspaceContract } from "@tasuki/contract/workspace/get-workspace.contract";
import { updateWorkspaceContract } from "@tasuki/contract/workspace/update-workspace.contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until, waitForJob } from "../../../test/job-helpers.ts";
import {
  addStaff,
  createTestApp,
  errorBody,
  japanese,
  PASSWORD,
  signUpWithWorkspace,
  type TestApp,
} from "../../../test/test-app.ts";
import { issueInvoice } from "./invoice.service.ts";

const DAY = 24 * 60 * 60 * 1000;
// Wednesday 2026-12-02, 10:00 in Tokyo.
const START = new Date("2026-12-02T01:00:00Z");

let t: TestApp;

beforeAll(async () => {
  // poppler's pdftotext reads the PDFs back: scripts/test.mjs installs poppler-utils (README).
  t = await createTestApp({ start: START });
}, 600_000);
afterAll(async () => {
  await t?.close();
});

async function login(email: string) {
  const res = await t.api.call(loginWithEmailContract, { body: { email, password: PASSWORD } });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}

async function runBillingDay() {
  const id = await t.ctx.jobs.enqueue(t.ctx.db, "billing-daily", {});
  return (await waitForJob(t.ctx.db, id!)).output as Record<string, number>;
}

/** The clock moves by days: every token is renewed by signing in again. */
async function advanceDays(days: number, people: { email: string; token: string }[]) {
  t.advance(days * DAY);
  for (const person of people) person.token = await login(person.email);
}

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "tasuki-invoice-"));
  const file = path.join(dir, "invoice.pdf");
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
}

const company: Omit<ContractBody<typeof newCompanyContract>, "workspace_id"> = {
  name: "株式会社さくら商事",
  name_kana: "カブシキガイシャサクラショウジ",
  corporate_number: "8010601046367",
  employee_size: "10-49",
  postal_code: "100-0005",
  prefecture: "tokyo",
  city: "千代田区",
  street: "丸の内1-1-1",
  building: "丸の内ビル5F",
  billing_contact: {
    name: "株式会社さくら商事",
    department: "経理部",
    contact_name: "佐藤 花子",
    email: "keiri@sakura-shoji.example.co.jp",
    postal_code: "100-0005",
    prefecture: "tokyo",
    city: "千代田区",
    street: "丸の内1-1-1",
    building: "丸の内ビル5F",
  },
};

interface Person {
  email: string;
  token: string;
}

describe("billing", () => {
  let owner: Person;
  let admin: Person;
  let member: Person;
  let outsider: Person;
  let ws: string;
  let companyId: string;
  let firstInvoice: { id: string; number: string };

  beforeAll(async () => {
    const o = await signUpWithWorkspace(t, "株式会社さくら商事");
    ws = o.workspace.id;
    owner = { email: o.email, token: o.tokens.access_token };
    const a = await addStaff(t, ws, "admin");
    admin = { email: a.email, token: a.tokens.access_token };
    const m = await addStaff(t, ws, "member");
    member = { email: m.email, token: m.tokens.access_token };
    const x = await signUpWithWorkspace(t, "他社");
    outsider = { email: x.email, token: x.tokens.access_token };
  }, 120_000);

  it("keeps the company and its billing contact, checking the 法人番号's check digit", async () => {
    const bad = await t.api.call(
      newCompanyContract,
      { body: { ...company, workspace_id: ws, corporate_number: "7010601046367" } },
      { token: owner.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ...errorBody, code: "invalid_corporate_number" });
    expect(bad.body.message).toMatch(japanese);
    const byAdmin = await t.api.call(
      newCompanyContract,
      { body: { ...company, workspace_id: ws } },
      { token: admin.token },
    );
    expect(byAdmin.status).toBe(403);
    const created = await t.api.call(
      newCompanyContract,
      { body: { ...company, workspace_id: ws } },
      { token: owner.token },
    );
    expect(created.status).toBe(201);
    companyId = created.body.id;
    expect(created.body).toMatchObject({
      name: "株式会社さくら商事",
      prefecture: "tokyo",
      billing_contact: { department: "経理部" },
    });
    expect(
      (await t.api.call(newCompanyContract, { body: { ...company, workspace_id: ws } }, { token: owner.token })).status,
    ).toBe(409);
    const patched = await t.api.call(
      updateCompanyContract,
      { params: { id: companyId }, body: { phone: "03-1234-5678" } },
      { token: owner.token },
    );
    expect(patched.body).toMatchObject({ phone: "03-1234-5678", city: "千代田区", invoice_registration_number: null });
    // 適格請求書発行事業者登録番号: T + 13 digits with the 法人番号's check digit.
    const wrongDigit = await t.api.call(
      updateCompanyContract,
      {
        params: { id: companyId },
        body: {
          invoice_registration_number: "T7010601046367",
        },
      },
      { token: owner.token },
    );
    expect(wrongDigit.status).toBe(400);
    expect(wrongDigit.body).toMatchObject({ ...errorBody, code: "invalid_registration_number" });
    expect(wrongDigit.body.message).toMatch(japanese);
    const noT = await t.api.call(
      updateCompanyContract,
      {
        params: { id: companyId },
        body: {
          invoice_registration_number: "8010601046367",
        },
      },
      { token: owner.token },
    );
    expect(noT.status).toBe(400);
    const registered = await t.api.call(
      updateCompanyContract,
      {
        params: { id: companyId },
        body: {
          invoice_registration_number: "T8010601046367",
        },
      },
      { token: owner.token },
    );
    expect(registered.body).toMatchObject({ invoice_registration_number: "T8010601046367", phone: "03-1234-5678" });
    // Every member reads the plan; it names the company for the billing pages and the owners for the banner.
    const plan = await t.api.call(listPlanContractsContract, { query: { workspace_id: ws } }, { token: member.token });
    expect(plan.body.usage).toMatchObject({ company_id: companyId, disabled_reason: null });
    expect(plan.body.usage.owner_names).toHaveLength(1);
    expect(
      (await t.api.call(getCompanyContract, { params: { id: companyId } }, { token: outsider.token })).status,
    ).toBe(404);
    expect(
      (
        await t.api.call(
          updateCompanyContract,
          { params: { id: companyId }, body: { phone: "0" } },
          { token: outsider.token },
        )
      ).status,
    ).toBe(404);
    expect((await t.api.call(getCompanyContract, { params: { id: companyId } }, { token: member.token })).status).toBe(
      403,
    );
    const check = await t.api.call(
      verifyCompanyCodeContract,
      { body: { corporate_number: "8010601046367" } },
      { token: owner.token },
    );
    expect(check.body).toEqual({ corporate_number: "8010601046367", valid: true });
  });

  it("verifies partner codes", async () => {
    const ok = await t.api.call(
      verifyPartnerCodeContract,
      {
        body: {
          workspace_id: ws,
          code: "sakura-dx",
        },
      },
      { token: owner.token },
    );
    expect(ok.body).toEqual({
      valid: true,
      partner: { code: "SAKURA-DX", name: "株式会社さくらDXパートナーズ", discount_percent: 10 },
    });
    const no = await t.api.call(
      verifyPartnerCodeContract,
      { body: { workspace_id: ws, code: "NOPE" } },
      { token: owner.token },
    );
    expect(no.body).toEqual({ valid: false, partner: null });
    expect(
      (await t.api.call(getMyPartnerContract, { query: { workspace_id: ws } }, { token: owner.token })).body,
    ).toEqual({ partner: null });
  });

  it("counts wrong partner codes on both ways to try one, before looking them up", async () => {
    const o = await signUpWithWorkspace(t, "株式会社総当たり");
    const [id, token] = [o.workspace.id, o.tokens.access_token];
    const verify = (code: string) =>
      t.api.call(verifyPartnerCodeContract, { body: { workspace_id: id, code } }, { token });
    // A right code does not count.
    expect((await verify("SAKURA-DX")).body.valid).toBe(true);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => verify(`GUESS-${i}`)));
    expect(answers.map((res) => res.status).sort()).toEqual([...Array(10).fill(200), 429, 429]);
    expect(await verify("SAKURA-DX")).toMatchObject({ status: 429, body: { ...errorBody, code: "rate_limited" } });
    const plan = await t.api.call(
      newPlanContractContract,
      {
        body: {
          workspace_id: id,
          plan: "standard",
          payment_method: "bank_transfer",
          partner_code: "GUESS-X",
        },
      },
      { token },
    );
    expect(plan).toMatchObject({ status: 429, body: { code: "rate_limited" } });
  });

  it("adds cards through the provider, keeping only brand, last 4 digits and expiry", async () => {
    const secret = await t.api.call(paymentClientSecretContract, { params: { id: ws } }, { token: owner.token });
    expect(secret.status).toBe(200);
    expect(secret.body.provider).toBe("local");
    expect(secret.body.client_secret).toMatch(/^seti_local_/);
    expect(secret.body.test_cards.map((c: { id: string }) => c.id)).toContain("visa_ok");
    const visa = await t.api.call(
      syncPaymentContract,
      { params: { id: ws }, body: { local_test_card: "visa_ok" } },
      { token: owner.token },
    );
    expect(visa.status).toBe(200);
    expect(visa.body.items).toEqual([
      {
        id: expect.any(String),
        brand: "visa",
        last4: "4242",
        exp_month: 12,
        exp_year: 2030,
        is_default: true,
        created_at: expect.any(String),
      },
    ]);
    const both = await t.api.call(
      syncPaymentContract,
      {
        params: { id: ws },
        body: {
          local_test_card: "mastercard_ok",
        },
      },
      { token: owner.token },
    );
    const master = both.body.items.find((c: { brand: string }) => c.brand === "mastercard")!;
    expect(master.is_default).toBe(false);
    expect(
      (await t.api.call(setDefaultCreditCardContract, { params: { id: master.id } }, { token: outsider.token })).status,
    ).toBe(404);
    expect(
      (await t.api.call(setDefaultCreditCardContract, { params: { id: master.id } }, { token: admin.token })).status,
    ).toBe(403);
    expect(
      (await t.api.call(setDefaultCreditCardContract, { params: { id: master.id } }, { token: owner.token })).body
        .is_default,
    ).toBe(true);
    expect(
      (await t.api.call(deleteCreditCardContract, { params: { id: visa.body.items[0]!.id } }, { token: owner.token }))
        .status,
    ).toBe(200);
    const list = await t.api.call(listCreditCardsContract, { query: { workspace_id: ws } }, { token: owner.token });
    expect(list.body.items.map((c: { last4: string; is_default: boolean }) => [c.last4, c.is_default])).toEqual([
      ["4444", true],
    ]);
    const typed = await t.api.call(
      syncPaymentContract,
      {
        params: { id: ws },
        body: {
          local_test_card: "4242424242424242",
        },
      },
      { token: owner.token },
    );
    expect(typed.status).toBe(400);
  });

  it("starts a card contract: the first period is invoiced at once, with the partner's discount, and charged", async () => {
    const refused = await t.api.call(
      newPlanContractContract,
      {
        body: {
          workspace_id: ws,
          plan: "standard",
          cycle: "monthly",
          payment_method: "card",
        },
      },
      { token: admin.token },
    );
    expect(refused.status).toBe(403);
    const res = await t.api.call(
      newPlanContractContract,
      {
        body: {
          workspace_id: ws,
          plan: "standard",
          cycle: "monthly",
          payment_method: "card",
          partner_code: "SAKURA-DX",
        },
      },
      { token: owner.token },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      plan: "standard",
      status: "active",
      seats: 3,
      payment_method: "card",
      current_period_start: START.toISOString(),
      current_period_end: "2027-01-02T01:00:00.000Z",
      partner_code: "SAKURA-DX",
      discount_percent: 10,
    });
    const again = await t.api.call(
      newPlanContractContract,
      {
        body: {
          workspace_id: ws,
          plan: "premium",
          payment_method: "card",
        },
      },
      { token: owner.token },
    );
    expect(again.status).toBe(409);
    const invoices = await t.api.call(listInvoicesContract, { query: { workspace_id: ws } }, { token: owner.token });
    expect(invoices.body.total).toBe(1);
    const invoice = invoices.body.items[0]!;
    firstInvoice = invoice;
    expect(invoice).toMatchObject({
      status: "paid",
      payment_method: "card",
      due_date: "2026-12-02",
      issuer: { name: "Tasuki株式会社", registration_number: "T2000012345678" },
      recipient: {
        name: "株式会社さくら商事",
        department: "経理部",
        contact_name: "佐藤 花子",
        address: "〒100-0005 東京都千代田区丸の内1-1-1 丸の内ビル5F",
      },
      lines: [
        {
          description: "Tasuki スタンダードプラン（月払い） 2026年12月2日〜2027年1月1日",
          quantity: 3,
          unit_price: 600,
          amount: 1800,
          tax_rate: 10,
        },
        { description: "パートナー割引（10%）", quantity: 1, unit_price: -180, amount: -180, tax_rate: 10 },
      ],
      subtotals: [{ tax_rate: 10, amount: 1620, tax: 162 }],
      subtotal: 1620,
      tax: 162,
      total: 1782,
      bank_account: null,
    });
    expect(invoice.number).toMatch(/^TSK-\d{6}$/);
    expect(
      (await t.api.call(getMyPartnerContract, { query: { workspace_id: ws } }, { token: owner.token })).body.partner!
        .code,
    ).toBe("SAKURA-DX");
    const mail = await t.smtp.mailWithSubject("keiri@sakura-shoji.example.co.jp", invoice.number);
    expect(mail.text).toContain("1,782円");
  });

  it("answers the invoice to billing managers only, and another workspace's id as missing", async () => {
    expect(
      (await t.api.call(getInvoiceContract, { params: { id: firstInvoice.id } }, { token: owner.token })).status,
    ).toBe(200);
    expect(
      (await t.api.call(getInvoiceContract, { params: { id: firstInvoice.id } }, { token: admin.token })).status,
    ).toBe(403);
    expect(
      (await t.api.call(getInvoiceContract, { params: { id: firstInvoice.id } }, { token: member.token })).status,
    ).toBe(403);
    const foreign = await t.api.call(
      getInvoiceContract,
      { params: { id: firstInvoice.id }, query: { format: "pdf" } },
      { token: outsider.token },
    );
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain("さくら");
    expect(
      (await t.api.call(listInvoicesContract, { query: { workspace_id: ws } }, { token: outsider.token })).status,
    ).toBe(404);
    // The owner lets admins manage billing: then they may.
    const ws0 = await t.api.call(getWorkspaceContract, { params: { id: ws } }, { token: owner.token });
    const rules = ws0.body.authority_rules;
    await t.api.call(
      updateWorkspaceContract,
      {
        params: { id: ws },
        body: {
          authority_rules: { ...rules, admin: [...rules.admin, "manage_billing"] },
        },
      },
      { token: owner.token },
    );
    expect(
      (await t.api.call(getInvoiceContract, { params: { id: firstInvoice.id } }, { token: admin.token })).status,
    ).toBe(200);
  });

  it("renders the qualified invoice as a Japanese PDF", async () => {
    const res = await t.api.call(
      getInvoiceContract,
      { params: { id: firstInvoice.id }, query: { format: "pdf" } },
      { token: owner.token },
    );
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const raw = await t.app.inject({
      method: "GET",
      url: `/app/invoice/${firstInvoice.id}?format=pdf`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const text = pdfText(raw.rawPayload);
    for (const expected of [
      "請求書",
      "経理部 佐藤 花子 様",
      "登録番号：T2000012345678",
      "Tasuki株式会社",
      firstInvoice.number,
      "10%対象（税抜）",
      "¥1,620",
      "消費税（10%）",
      "¥162",
      "¥1,782",
      "パートナー割引（10%）",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("prorates an upgrade by day at once and schedules a downgrade for the period's end", async () => {
    // Day 10 of 31: 21 days left. (1,200 − 600) × 3 seats × 90% × 21 / 31 = 1,097.4 → ¥1,097.
    await advanceDays(10, [owner]);
    const up = await t.api.call(
      changePlanContractContract,
      { body: { workspace_id: ws, plan: "premium" } },
      { token: owner.token },
    );
    expect(up.status).toBe(200);
    expect(up.body.prorated_amount).toBe(1097);
    expect(up.body.usage.plan).toBe("premium");
    const down = await t.api.call(
      changePlanContractContract,
      { body: { workspace_id: ws, plan: "standard" } },
      { token: owner.token },
    );
    expect(down.body.prorated_amount).toBe(0);
    expect(down.body.items.map((c: { plan: string; status: string }) => [c.plan, c.status])).toEqual([
      ["premium", "active"],
      ["standard", "scheduled"],
      ["premium", "expired"],
    ]);
    // Still premium until the period ends; asking for premium again withdraws the scheduled change.
    const keep = await t.api.call(
      changePlanContractContract,
      { body: { workspace_id: ws, plan: "premium" } },
      { token: owner.token },
    );
    expect(keep.body.items.filter((c: { status: string }) => c.status === "scheduled")).toEqual([]);
  });

  it("invoices the next period with the proration, the tax computed once per rate", async () => {
    await advanceDays(21, [owner]);
    const counts = await runBillingDay();
    expect(counts.periodsRenewed).toBeGreaterThanOrEqual(1);
    const list = await t.api.call(listInvoicesContract, { query: { workspace_id: ws } }, { token: owner.token });
    expect(list.body.total).toBe(2);
    const second = list.body.items[0]!;
    // 3 × 1,200 − 10% = 3,240, plus the proration 1,097: 4,337 at 10% → tax 433 (once, rounded down).
    expect(second.lines.map((l: { amount: number }) => l.amount)).toEqual([3600, -360, 1097]);
    expect(second.subtotals).toEqual([{ tax_rate: 10, amount: 4337, tax: 433 }]);
    expect(second.total).toBe(4770);
    expect(second.status).toBe("paid");
    const [a, b] = [firstInvoice.number, second.number].map((n: string) => Number(n.slice(4)));
    expect(b).toBeGreaterThan(a!);
  });

  it("cancels at the period's end and then continues on free, keeping everything", async () => {
    outsider.token = await login(outsider.email);
    member.token = await login(member.email);
    const contracts = await t.api.call(
      listPlanContractsContract,
      { query: { workspace_id: ws } },
      { token: owner.token },
    );
    const current = contracts.body.items[0]!;
    expect(
      (await t.api.call(cancelPlanContractContract, { params: { id: current.id } }, { token: outsider.token })).status,
    ).toBe(404);
    expect(
      (await t.api.call(cancelPlanContractContract, { params: { id: current.id } }, { token: member.token })).status,
    ).toBe(403);
    const cancelled = await t.api.call(
      cancelPlanContractContract,
      { params: { id: current.id } },
      { token: owner.token },
    );
    expect(cancelled.body).toMatchObject({ cancel_at_period_end: true, status: "active" });
    // A member who joins after the cancellation is billed for the days left, on a last invoice at the end.
    await advanceDays(5, [owner]);
    await addStaff(t, ws, "member");
    expect((await runBillingDay()).seatsAdded).toBeGreaterThanOrEqual(1);
    const before = (await t.api.call(listInvoicesContract, { query: { workspace_id: ws } }, { token: owner.token }))
      .body.total;
    await advanceDays(27, [owner]);
    await runBillingDay();
    const after = await t.api.call(listPlanContractsContract, { query: { workspace_id: ws } }, { token: owner.token });
    expect(after.body.items[0]).toMatchObject({ plan: "free", status: "active" });
    expect(after.body.items[1]).toMatchObject({ plan: "premium", status: "cancelled" });
    expect(after.body.usage).toMatchObject({ plan: "free", active_staff: 4 });
    const invoices = await t.api.call(listInvoicesContract, { query: { workspace_id: ws } }, { token: owner.token });
    expect(invoices.body.total).toBe(before + 1);
    const last = invoices.body.items[0]!;
    expect(last.lines).toHaveLength(1);
    expect(last.lines[0]!.description).toMatch(/^スタッフ追加 1名 日割り/);
    expect(last.total).toBe(last.lines[0]!.amount + Math.floor(last.lines[0]!.amount / 10));
  });

  it("records every billing change in the audit log", async () => {
    const log = await t.api.call(
      listAuditLogsContract,
      { query: { workspace_id: ws, entity: "plan_contract" } },
      { token: owner.token },
    );
    expect(log.status).toBe(200);
    expect(log.body.total).toBeGreaterThanOrEqual(4);
    const invoices = await t.api.call(
      listAuditLogsContract,
      { query: { workspace_id: ws, entity: "invoice" } },
      { token: owner.token },
    );
    expect(invoices.body.total).toBeGreaterThanOrEqual(2);
  });
});

describe("bank transfer, dunning and restore", () => {
  let owner: Person;
  let member: Person;
  let ws: string;
  let bankInvoice: { id: string; total: number; due_date: string };

  beforeAll(async () => {
    const o = await signUpWithWorkspace(t, "株式会社みなと物流");
    ws = o.workspace.id;
    owner = { email: o.email, token: await login(o.email) };
    const m = await addStaff(t, ws, "member");
    member = { email: m.email, token: await login(m.email) };
  }, 120_000);

  it("invoices a bank transfer at once, due at the end of the next month, with the account to pay to", async () => {
    const res = await t.api.call(
      newPlanContractContract,
      {
        body: {
          workspace_id: ws,
          plan: "premium",
          cycle: "yearly",
          payment_method: "bank_transfer",
        },
      },
      { token: owner.token },
    );
    expect(res.status).toBe(201);
    const list = await t.api.call(listInvoicesContract, { query: { workspace_id: ws } }, { token: owner.token });
    bankInvoice = list.body.items[0]!;
    expect(list.body.items[0]).toMatchObject({
      status: "open",
      payment_method: "bank_transfer",
      // Issued on 2027-02-03 (the file's clock has moved on): due at the end of March, a Wednesday.
      due_date: "2027-03-31",
      recipient: { name: "株式会社みなと物流", department: null, contact_name: null, address: null },
      // Yearly: 12 months for the price of 10; 2 seats × ¥12,000 = ¥24,000 + 10% = ¥26,400.
      subtotals: [{ tax_rate: 10, amount: 24000, tax: 2400 }],
      total: 26400,
    });
    expect(list.body.items[0]!.bank_account).toContain("普通");
  });

  it("refuses a forged webhook and handles a signed one once, however often it is sent", async () => {
    const event = {
      id: "evt_local_bank_1",
      type: "payment_intent.succeeded",
      data: { object: { id: "pi_local_bank_1", status: "succeeded", metadata: { invoice_id: bankInvoice.id } } },
    };
    const body = JSON.stringify(event);
    const stamp = Math.floor(t.ctx.now().getTime() / 1000);
    const sign = (secret: string) =>
      `t=${stamp},v1=${createHmac("sha256", secret).update(`${stamp}.${body}`).digest("hex")}`;
    const send = (signature: string) =>
      t.api.raw({
        method: "POST",
        url: "/app/payment/webhook",
        payload: body,
        headers: { "content-type": "application/json", "stripe-signature": signature },
      });
    const forged = await send(sign("whsec_guess"));
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ ...errorBody, code: "invalid_signature" });
    const open = await t.api.call(getInvoiceContract, { params: { id: bankInvoice.id } }, { token: owner.token });
    expect(open.body.status).toBe("open");
    const secret = `whsec_local_${t.ctx.config.authSecret}`;
    expect((await send(sign(secret))).body).toEqual({ received: true, duplicate: false });
    expect((await send(sign(secret))).body).toEqual({ received: true, duplicate: true });
    const paid = await t.api.call(getInvoiceContract, { params: { id: bankInvoice.id } }, { token: owner.token });
    expect(paid.body.status).toBe("paid");
  });

  it("refuses a signed webhook whose timestamp is not a number: it would never expire", async () => {
    const secret = `whsec_local_${t.ctx.config.authSecret}`;
    const body = JSON.stringify({ id: "evt_local_nan_1", type: "customer.created", data: { object: {} } });
    for (const stamp of ["abc", "NaN", "1e9", "", " 1"]) {
      const signature = `t=${stamp},v1=${createHmac("sha256", secret).update(`${stamp}.${body}`).digest("hex")}`;
      const res = await t.api.raw({
        method: "POST",
        url: "/app/payment/webhook",
        payload: body,
        headers: { "content-type": "application/json", "stripe-signature": signature },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ...errorBody, code: "invalid_signature" });
    }
  });

  it("retries a declined card three times over a week, then disables and locks the workspace, and restores it", async () => {
    const o = await signUpWithWorkspace(t, "株式会社あおば工務店");
    const id = o.workspace.id;
    const boss: Person = { email: o.email, token: o.tokens.access_token };
    const m = await addStaff(t, id, "member");
    const staff: Person = { email: m.email, token: m.tokens.access_token };
    await t.api.call(
      newCompanyContract,
      {
        body: {
          ...company,
          name: "株式会社あおば工務店",
          corporate_number: null,
          workspace_id: id,
          billing_contact: {
            ...company.billing_contact,
            name: "株式会社あおば工務店",
            email: "keiri@aoba.example.co.jp",
          },
        },
      },
      { token: boss.token },
    );
    await t.api.call(
      syncPaymentContract,
      { params: { id }, body: { local_test_card: "visa_declined" } },
      { token: boss.token },
    );
    const task = await t.api.call(
      newTaskContract,
      { body: { workspace_id: id, title: "現場写真を整理する" } },
      { token: staff.token },
    );
    expect(task.status).toBe(201);
    const res = await t.api.call(
      newPlanContractContract,
      {
        body: {
          workspace_id: id,
          plan: "standard",
          payment_method: "card",
        },
      },
      { token: boss.token },
    );
    expect(res.status).toBe(201);
    const invoiceOf = async () =>
      (await t.api.call(listInvoicesContract, { query: { workspace_id: id } }, { token: boss.token })).body.items[0];
    expect((await invoiceOf())!.status).toBe("open");
    const contact = "keiri@aoba.example.co.jp";
    const failureMails = () =>
      t.smtp.mailsTo(contact).filter((mail) => mail.subject.includes("お支払いができませんでした"));
    /** The n-th charge-failed mail to the billing contact, waited for: mails go out through the job queue. */
    const nthFailureMail = async (n: number) => {
      await until(async () => failureMails().length >= n, 60_000, `charge-failed mail number ${n}`);
      return failureMails()[n - 1]!;
    };
    const first = await nthFailureMail(1);
    expect(first.subject).toMatch(/^【Tasuki】お支払いができませんでした（請求書 TSK-\d{6}）$/);
    expect(first.text).toContain("数日後に自動で再度決済いたします");

    // The injected clock moves a day at a time: the charge is tried again on days 2, 4 and 7 only (three retries
    // over a week), each failure mailed; the last mail says the automatic retries have ended.
    const retryDays = new Set([2, 4, 7]);
    for (let day = 1; day <= 10; day += 1) {
      await advanceDays(1, [boss, staff]);
      const counts = await runBillingDay();
      // The other workspaces of this file pay with good cards: every failure of the day is this invoice's.
      expect({ day, failed: counts.chargesFailed }).toEqual({ day, failed: retryDays.has(day) ? 1 : 0 });
      if (retryDays.has(day)) {
        const mail = await nthFailureMail([...retryDays].indexOf(day) + 2);
        expect(mail.text).toContain(day === 7 ? "自動での再決済は終了しました" : "数日後に自動で再度決済いたします");
        expect(mail.text).toContain("/mypage/payment-setting");
      }
    }
    expect((await invoiceOf())!.status).toBe("past_due");

    // Due on 12/2 (the card day) + 14 days: still writable on day 10, disabled after day 14.
    await advanceDays(5, [boss, staff]);
    expect((await runBillingDay()).disabled).toBeGreaterThanOrEqual(1);
    const disabledMail = await t.smtp.mailWithSubject(contact, "ワークスペースの編集を停止しました", 60_000);
    expect(disabledMail.subject).toBe("【Tasuki】ワークスペースの編集を停止しました");
    expect(disabledMail.text).toContain("データは削除されていません");
    // One mail for the first charge and one per retry: four in all, none after the retries ended.
    expect(failureMails()).toHaveLength(4);
    const refused = await t.api.call(
      newTaskContract,
      { body: { workspace_id: id, title: "見積書を送る" } },
      { token: staff.token },
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ ...errorBody, code: "workspace_disabled" });
    expect(refused.body.message).toMatch(japanese);
    expect((await t.api.call(getTaskContract, { params: { id: task.body.id } }, { token: staff.token })).status).toBe(
      200,
    );
    const usage = await t.api.call(listPlanContractsContract, { query: { workspace_id: id } }, { token: staff.token });
    expect(usage.body.usage).toMatchObject({ workspace_status: "disabled", disabled_reason: "non_payment" });

    // Past due + 60 days: locked; only billing opens.
    await advanceDays(47, [boss, staff]);
    expect((await runBillingDay()).locked).toBeGreaterThanOrEqual(1);
    const locked = await t.api.call(getTaskContract, { params: { id: task.body.id } }, { token: staff.token });
    expect(locked.status).toBe(403);
    expect(locked.body.code).toBe("workspace_locked");
    expect(
      (await t.api.call(listInvoicesContract, { query: { workspace_id: id } }, { token: boss.token })).status,
    ).toBe(200);

    // Restore with the declined card: still refused; with a working card the debt is paid and all comes back.
    const stillDeclined = await t.api.call(restoreWorkspaceContract, { params: { id } }, { token: boss.token });
    expect(stillDeclined.status).toBe(409);
    expect(stillDeclined.body.code).toBe("payment_required");
    const cards = await t.api.call(
      syncPaymentContract,
      { params: { id }, body: { local_test_card: "jcb_ok" } },
      { token: boss.token },
    );
    const jcb = cards.body.items.find((c: { last4: string }) => c.last4 === "0505")!;
    await t.api.call(setDefaultCreditCardContract, { params: { id: jcb.id } }, { token: boss.token });
    const restored = await t.api.call(restoreWorkspaceContract, { params: { id } }, { token: boss.token });
    expect(restored.status).toBe(200);
    expect(restored.body.workspace_status).toBe("active");
    expect((await invoiceOf())!.status).not.toBe("open");
    const back = await t.api.call(getTaskContract, { params: { id: task.body.id } }, { token: staff.token });
    expect(back.body.title).toBe("現場写真を整理する");
    expect(
      (await t.api.call(newTaskContract, { body: { workspace_id: id, title: "見積書を送る" } }, { token: staff.token }))
        .status,
    ).toBe(201);
  }, 240_000);

  it("disables on the owner's request and restores without losing anything", async () => {
    owner.token = await login(owner.email);
    member.token = await login(member.email);
    expect((await t.api.call(disableWorkspaceContract, { params: { id: ws } }, { token: member.token })).status).toBe(
      403,
    );
    const off = await t.api.call(disableWorkspaceContract, { params: { id: ws } }, { token: owner.token });
    expect(off.body.workspace_status).toBe("disabled");
    const refused = await t.api.call(
      newProjectContract,
      { body: { workspace_id: ws, name: "新倉庫" } },
      { token: owner.token },
    );
    expect(refused.body.code).toBe("workspace_disabled");
    const on = await t.api.call(restoreWorkspaceContract, { params: { id: ws } }, { token: owner.token });
    expect(on.body.workspace_status).toBe("active");
    expect(
      (await t.api.call(newProjectContract, { body: { workspace_id: ws, name: "新倉庫" } }, { token: owner.token }))
        .status,
    ).toBe(201);
  });
});

describe("invoice numbers", () => {
  it("has no gaps when 20 invoices are issued at once", async () => {
    const o = await signUpWithWorkspace(t, "株式会社連番");
    const lines = [{ description: "テスト", quantity: 1, unit_price: 105, amount: 105, tax_rate: 10 }];
    const issued = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.ctx.db.transaction((tx) =>
          issueInvoice(t.ctx, tx, {
            workspaceId: o.workspace.id,
            contractId: null,
            lines: [...lines, ...lines, ...lines],
            periodStart: null,
            periodEnd: null,
            paymentMethod: "bank_transfer",
          }),
        ),
      ),
    );
    const sequences = issued.map((row) => row.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, i) => sequences[0]! + i));
    // Three lines of ¥105 at 10%: tax ¥31 (once per rate), not 3 × ¥10.
    expect(issued.every((row) => row.tax === 31 && row.total === 346)).toBe(true);
  });
});
