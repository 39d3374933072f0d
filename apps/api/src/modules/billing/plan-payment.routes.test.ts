/**
 * Choosing a plan and how to pay it, through the HTTP API on a fixed clock: a plan the workspace does not fit is
 * refused with the reason (and nothing changes), and the method of a paid contract follows what the company
 * chooses after a card is registered, for the next invoices.
 */
import { loginWithEmailContract } from "@tasuki/contract/auth/login-with-email.contract";
import { listInvoicesContract } from "@tasuki/contract/billing/invoice-list.contract";
import { listPlanContractsContract } from "@tasuki/contract/billing/list-plan-contracts.contract";
import { cancelPlanContractContract } from "@tasuki/contract/billing/plan-contract-cancel.contract";
import { changePlanContractContract } from "@tasuki/contract/billing/plan-contract-change.contract";
import { newPlanContractContract } from "@tasuki/contract/billing/plan-contract-new.contract";
import { setPlanContractPaymentMethodContract } from "@tasuki/contract/billing/plan-contract-payment-method.contract";
import { syncPaymentContract } from "@tasuki/contract/billing/workspace-billing.contracts";
import { newProjectContract } from "@tasuki/contract/project/project.contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForJob } from "../../../test/job-helpers.ts";
import {
  addStaff,
  createTestApp,
  errorBody,
  PASSWORD,
  signUpWithWorkspace,
  type TestApp,
} from "../../../test/test-app.ts";

// Wednesday 2026-12-02, 10:00 in Tokyo.
const START = new Date("2026-12-02T01:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ start: START });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

async function workspaceOf(staff: number, name: string) {
  const owner = await signUpWithWorkspace(t, name);
  for (let i = 1; i < staff; i += 1) await addStaff(t, owner.workspace.id, "member");
  return { ws: owner.workspace.id, token: owner.tokens.access_token, email: owner.email };
}

/** After the clock moved by weeks the access token has expired: sign in again. */
async function relogin(c: { email: string; token: string }) {
  const res = await t.api.call(loginWithEmailContract, { body: { email: c.email, password: PASSWORD } });
  c.token = res.body.access_token as string;
  return c.token;
}

const contractsOf = async (c: { ws: string; token: string }) =>
  (await t.api.call(listPlanContractsContract, { query: { workspace_id: c.ws } }, { token: c.token })).body as {
    items: { id: string; plan: string; cycle: string; status: string; payment_method: string | null }[];
  };

describe("a plan the workspace does not fit", () => {
  it("refuses フリー to a workspace of 6 staff, with the reason, and changes nothing", async () => {
    const c = await workspaceOf(6, "株式会社おおぞら");
    const trial = (await contractsOf(c)).items[0]!;
    expect(trial).toMatchObject({ plan: "premium", status: "trial" });
    // 「フリープランで続ける」 ends the trial for free now: refused.
    const keepFree = await t.api.call(cancelPlanContractContract, { params: { id: trial.id } }, { token: c.token });
    expect(keepFree.status).toBe(400);
    expect(keepFree.body).toEqual({
      ...errorBody,
      code: "plan_does_not_fit",
      message: "フリープランはスタッフ5人まで（招待中を含め現在6人）のため、お選びいただけません。",
    });
    expect((await contractsOf(c)).items).toEqual([expect.objectContaining({ id: trial.id, status: "trial" })]);

    // On a paid plan, 「このプランに変更」 to フリー: refused, and no change is scheduled.
    const paid = await t.api.call(
      newPlanContractContract,
      {
        body: {
          workspace_id: c.ws,
          plan: "standard",
          payment_method: "bank_transfer",
        },
      },
      { token: c.token },
    );
    expect(paid.status).toBe(201);
    const down = await t.api.call(
      changePlanContractContract,
      { body: { workspace_id: c.ws, plan: "free" } },
      { token: c.token },
    );
    expect(down.status).toBe(400);
    expect(down.body.code).toBe("plan_does_not_fit");
    expect((await contractsOf(c)).items.filter((row) => row.status === "scheduled")).toEqual([]);
  });

  it("counts projects too, and lets a workspace that fits continue on free", async () => {
    const c = await workspaceOf(1, "株式会社ちいさな工房");
    for (const name of ["A棟", "B棟", "C棟", "D棟"]) {
      expect(
        (await t.api.call(newProjectContract, { body: { workspace_id: c.ws, name } }, { token: c.token })).status,
      ).toBe(201);
    }
    const trial = (await contractsOf(c)).items[0]!;
    const refused = await t.api.call(cancelPlanContractContract, { params: { id: trial.id } }, { token: c.token });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("フリープランはプロジェクト3件まで（現在4件）のため、お選びいただけません。");

    const fits = await workspaceOf(5, "株式会社ごにん");
    const fitsTrial = (await contractsOf(fits)).items[0]!;
    expect(
      (await t.api.call(cancelPlanContractContract, { params: { id: fitsTrial.id } }, { token: fits.token })).status,
    ).toBe(200);
    expect((await contractsOf(fits)).items[0]).toMatchObject({ plan: "free", status: "active" });
  });
});

describe("the payment method of a paid contract", () => {
  it("switches from 請求書払い to the registered card for the next invoices, a scheduled change with it", async () => {
    const c = await workspaceOf(2, "株式会社みどり会計");
    const outsider = await workspaceOf(1, "他社");
    const created = await t.api.call(
      newPlanContractContract,
      {
        body: {
          workspace_id: c.ws,
          plan: "standard",
          cycle: "monthly",
          payment_method: "bank_transfer",
        },
      },
      { token: c.token },
    );
    const id = created.body.id as string;
    // Without a card, card cannot be chosen.
    const noCard = await t.api.call(
      setPlanContractPaymentMethodContract,
      { params: { id }, body: { payment_method: "card" } },
      { token: c.token },
    );
    expect(noCard.status).toBe(400);
    expect(noCard.body.code).toBe("card_required");
    // A card registered does not switch by itself: the company chooses.
    await t.api.call(
      syncPaymentContract,
      { params: { id: c.ws }, body: { local_test_card: "visa_ok" } },
      { token: c.token },
    );
    expect((await contractsOf(c)).items[0]!.payment_method).toBe("bank_transfer");
    // Monthly → yearly is scheduled for the period's end; it follows the method chosen afterwards.
    const yearly = await t.api.call(
      changePlanContractContract,
      {
        body: {
          workspace_id: c.ws,
          plan: "standard",
          cycle: "yearly",
        },
      },
      { token: c.token },
    );
    expect(yearly.status).toBe(200);
    const foreign = await t.api.call(
      setPlanContractPaymentMethodContract,
      {
        params: { id },
        body: {
          payment_method: "card",
        },
      },
      { token: outsider.token },
    );
    expect(foreign.status).toBe(404);
    const switched = await t.api.call(
      setPlanContractPaymentMethodContract,
      { params: { id }, body: { payment_method: "card" } },
      { token: c.token },
    );
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ id, payment_method: "card", status: "active" });
    expect((await contractsOf(c)).items.map((row) => [row.status, row.cycle, row.payment_method])).toEqual([
      ["active", "monthly", "card"],
      ["scheduled", "yearly", "card"],
      ["expired", "monthly", null],
    ]);

    // The invoice already issued keeps 請求書払い; the next period's is charged to the card.
    t.advance(31 * DAY);
    const job = await t.ctx.jobs.enqueue(t.ctx.db, "billing-daily", {});
    await waitForJob(t.ctx.db, job!);
    const token = await relogin(c);
    const invoices = await t.api.call(listInvoicesContract, { query: { workspace_id: c.ws } }, { token });
    expect(
      invoices.body.items.map((i: { payment_method: string; status: string }) => [i.payment_method, i.status]),
    ).toEqual([
      ["card", "paid"],
      ["bank_transfer", "open"],
    ]);
  });
});
