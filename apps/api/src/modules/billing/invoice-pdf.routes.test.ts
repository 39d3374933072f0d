/**
 * The invoice PDF as 経理 reads it: every date and amount of a generated 適格請求書, read back with pdftotext, for
 * card and bank-transfer invoices, monthly and yearly, on an injected clock. A transfer due on a bank holiday is
 * due on the banks' next business day.
 */

import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { newCompanyContract } from "@tasuki/contract/billing/company.contracts";
import { listInvoicesContract } from "@tasuki/contract/billing/invoice-list.contract";
import { newPlanContractContract } from "@tasuki/contract/billing/plan-contract-new.contract";
import { syncPaymentContract } from "@tasuki/contract/billing/workspace-billing.contracts";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStaff, createTestApp, signUpWithWorkspace, type TestApp } from "../../../test/test-app.ts";

let t: TestApp;

beforeAll(async () => {
  // poppler-utils is installed by scripts/test.mjs (README: what npm test needs).
  t = await createTestApp({ start: new Date("2026-11-16T01:00:00Z") });
}, 600_000);
afterAll(async () => {
  await t?.close();
});

/** The injected clock set to an instant: each workspace below is made and billed at its own. */
function setClock(at: string) {
  t.advance(Date.parse(at) - t.ctx.now().getTime());
}

/** The PDF's text in the order it is drawn (the order it is read in), one trimmed line per line, blanks dropped. */
function pdfLines(pdf: Buffer): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), "tasuki-invoice-"));
  const file = path.join(dir, "invoice.pdf");
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-raw", "-enc", "UTF-8", file, "-"], { encoding: "utf8" })
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

const address: Pick<
  ContractBody<typeof newCompanyContract>,
  "postal_code" | "prefecture" | "city" | "street" | "building"
> = {
  postal_code: "100-0005",
  prefecture: "tokyo",
  city: "千代田区",
  street: "丸の内1-1-1",
  building: "丸の内ビル5F",
};

/** A workspace of `staff` active people with its company (and 請求先, if given), billed by `method`. */
async function customer(input: {
  name: string;
  staff: number;
  billingContact?:
    | Omit<NonNullable<ContractBody<typeof newCompanyContract>["billing_contact"]>, keyof typeof address>
    | undefined;
  card?: boolean;
}) {
  const owner = await signUpWithWorkspace(t, input.name);
  const ws = owner.workspace.id;
  const token = owner.tokens.access_token;
  for (let i = 1; i < input.staff; i += 1) await addStaff(t, ws, "member");
  const company = await t.api.call(
    newCompanyContract,
    {
      body: {
        workspace_id: ws,
        name: input.name,
        ...address,
        ...(input.billingContact ? { billing_contact: { ...address, ...input.billingContact } } : {}),
      },
    },
    { token },
  );
  expect(company.status).toBe(201);
  if (input.card) {
    const card = await t.api.call(
      syncPaymentContract,
      { params: { id: ws }, body: { local_test_card: "visa_ok" } },
      { token },
    );
    expect(card.status).toBe(200);
  }
  return { ws, token };
}

async function subscribe(
  c: { ws: string; token: string },
  plan: "standard" | "premium",
  cycle: "monthly" | "yearly",
  method: "card" | "bank_transfer",
) {
  const res = await t.api.call(
    newPlanContractContract,
    {
      body: {
        workspace_id: c.ws,
        plan,
        cycle,
        payment_method: method,
      },
    },
    { token: c.token },
  );
  expect(res.status).toBe(201);
  const list = await t.api.call(listInvoicesContract, { query: { workspace_id: c.ws } }, { token: c.token });
  const invoice = list.body.items[0] as { id: string; number: string; due_date: string; status: string };
  const pdf = await t.app.inject({
    method: "GET",
    url: `/app/invoice/${invoice.id}?format=pdf`,
    headers: { authorization: `Bearer ${c.token}` },
  });
  expect(pdf.statusCode).toBe(200);
  return { invoice, lines: pdfLines(pdf.rawPayload) };
}

const issuer = ["Tasuki株式会社", "東京都千代田区丸の内1-1-1", "登録番号：T2000012345678"];
const header = ["請求書", "（適格請求書）"];
const columns = "品目 数量 単価 金額（税抜） 税率";

describe("the invoice PDF", () => {
  it("bank transfer, yearly: issued 11/16, due 12/31 → 1/4 (banks close 12/31–1/3), to the 部署 御中", async () => {
    setClock("2026-11-16T01:00:00Z"); // Monday 10:00 in Tokyo
    const c = await customer({
      name: "株式会社みなと物流",
      staff: 2,
      billingContact: { name: "株式会社みなと物流", department: "管理本部 経理課", email: "keiri@minato.example.jp" },
    });
    const { invoice, lines } = await subscribe(c, "premium", "yearly", "bank_transfer");
    expect(invoice.due_date).toBe("2027-01-04");
    expect(lines).toEqual([
      ...header,
      "株式会社みなと物流",
      "管理本部 経理課 御中",
      "〒100-0005 東京都千代田区丸の内1-1-1 丸の内ビル5F",
      `請求書番号：${invoice.number}`,
      "発行日：2026年11月16日",
      "お支払期限：2027年1月4日",
      "対象期間：2026年11月16日〜2027年11月15日",
      ...issuer,
      "ご請求金額（税込） ¥26,400",
      columns,
      "Tasuki プレミアムプラン（年払い）",
      "2026年11月16日〜2027年11月15日",
      "2 ¥12,000 ¥24,000 10%",
      "10%対象（税抜） ¥24,000",
      "消費税（10%） ¥2,400",
      "小計（税抜） ¥24,000",
      "消費税合計 ¥2,400",
      "合計（税込） ¥26,400",
      "お振込先",
      "みずほ銀行 東京営業部 普通 1234567 タスキ（カ",
      "振込手数料はお客様のご負担にてお願いいたします。",
    ]);
  });

  it("card, monthly: issued, due and paid 12/2, for 12/2〜1/1, to the person 様", async () => {
    setClock("2026-12-02T01:00:00Z"); // Wednesday 10:00 in Tokyo
    const c = await customer({
      name: "株式会社さくら商事",
      staff: 3,
      billingContact: {
        name: "株式会社さくら商事",
        department: "経理部",
        contact_name: "佐藤 花子",
        email: "keiri@sakura.example.jp",
      },
      card: true,
    });
    const { invoice, lines } = await subscribe(c, "standard", "monthly", "card");
    expect(invoice.status).toBe("paid");
    expect(lines).toEqual([
      ...header,
      "株式会社さくら商事",
      "経理部 佐藤 花子 様",
      "〒100-0005 東京都千代田区丸の内1-1-1 丸の内ビル5F",
      `請求書番号：${invoice.number}`,
      "発行日：2026年12月2日",
      "お支払期限：2026年12月2日",
      "対象期間：2026年12月2日〜2027年1月1日",
      ...issuer,
      "ご請求金額（税込） ¥1,980",
      columns,
      "Tasuki スタンダードプラン（月払い）",
      "2026年12月2日〜2027年1月1日",
      "3 ¥600 ¥1,800 10%",
      "10%対象（税抜） ¥1,800",
      "消費税（10%） ¥180",
      "小計（税抜） ¥1,800",
      "消費税合計 ¥180",
      "合計（税込） ¥1,980",
      "お支払方法：クレジットカード（ご登録のカードに請求いたします）",
      "お支払日：2026年12月2日（お支払い済み）",
    ]);
  });

  it("card, yearly: without a 請求先 the company and its 所在地 are printed, 御中", async () => {
    const c = await customer({ name: "株式会社あおば工務店", staff: 2, card: true });
    const { invoice, lines } = await subscribe(c, "premium", "yearly", "card");
    expect(lines).toEqual([
      ...header,
      "株式会社あおば工務店 御中",
      "〒100-0005 東京都千代田区丸の内1-1-1 丸の内ビル5F",
      `請求書番号：${invoice.number}`,
      "発行日：2026年12月2日",
      "お支払期限：2026年12月2日",
      "対象期間：2026年12月2日〜2027年12月1日",
      ...issuer,
      "ご請求金額（税込） ¥26,400",
      columns,
      "Tasuki プレミアムプラン（年払い）",
      "2026年12月2日〜2027年12月1日",
      "2 ¥12,000 ¥24,000 10%",
      "10%対象（税抜） ¥24,000",
      "消費税（10%） ¥2,400",
      "小計（税抜） ¥24,000",
      "消費税合計 ¥2,400",
      "合計（税込） ¥26,400",
      "お支払方法：クレジットカード（ご登録のカードに請求いたします）",
      "お支払日：2026年12月2日（お支払い済み）",
    ]);
  });

  it("bank transfer, monthly: due at the end of January, a Sunday, so on Monday 2/1", async () => {
    const c = await customer({
      name: "株式会社ひかり設計",
      staff: 1,
      billingContact: { name: "株式会社ひかり設計", contact_name: "高橋 誠", email: "takahashi@hikari.example.jp" },
    });
    const { invoice, lines } = await subscribe(c, "standard", "monthly", "bank_transfer");
    expect(invoice.due_date).toBe("2027-02-01");
    expect(lines.slice(2, 10)).toEqual([
      "株式会社ひかり設計",
      "高橋 誠 様",
      "〒100-0005 東京都千代田区丸の内1-1-1 丸の内ビル5F",
      `請求書番号：${invoice.number}`,
      "発行日：2026年12月2日",
      "お支払期限：2027年2月1日",
      "対象期間：2026年12月2日〜2027年1月1日",
      "Tasuki株式会社",
    ]);
    expect(lines).toContain("ご請求金額（税込） ¥660");
    expect(lines.slice(-3)).toEqual([
      "お振込先",
      "みずほ銀行 東京営業部 普通 1234567 タスキ（カ",
      "振込手数料はお客様のご負担にてお願いいたします。",
    ]);
  });
});
