/**
 * Choosing a plan and how to pay it, through the HTTP API on a fixed clock: a plan the workspace does not fit is
 * refused with the reason (and nothing changes), and the method of a paid contract follows what the company
 * chooses after a card is registered, for the next invoices.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForJob } from "../../../test/job-helpers.ts";
import {
  addStaff,
  apiAs,
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
const api = apiAs(() => t);

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
  const res = await api("POST", "/app/auth/login-with-email", undefined, { email: c.email, password: PASSWORD });
  c.token = res.body.access_token as string;
  return c.token;
}

const contractsOf = async (c: { ws: string; token: string }) =>
  (await api("GET", `/app/plan-contract/list-all?workspace_id=${c.ws}`, c.token)).body as {
    items: { id: string; plan: string; cycle: string; status: string; payment_method: string | null }[];
  };

describe("a plan the workspace does not fit", () => {
  it("refuses フリー to a workspace of 6 staff, with the reason, and changes nothing", async () => {
    const c = await workspaceOf(6, "株式会社おおぞら");
    const trial = (await contractsOf(c)).items[0]!;
    expect(trial).toMatchObject({ plan: "premium", status: "trial" });
    // 「フリープランで続ける」 ends the trial for free now: refused.
    const keepFree = await api("PUT", `/app/plan-contract/${trial.id}/cancel`, c.token);
    expect(keepFree.status).toBe(400);
    expect(keepFree.body).toEqual({
      ...errorBody,
      code: "plan_does_not_fit",
      message: "フリープランはスタッフ5人まで（招待中を含め現在6人）のため、お選びいただけません。",
    });
    expect((await contractsOf(c)).items).toEqual([expect.objectContaining({ id: trial.id, status: "trial" })]);

    // On a paid plan, 「このプランに変更」 to フリー: refused, and no change is scheduled.
    const paid = await api("POST", "/app/plan-contract/new", c.token, {
      workspace_id: c.ws,
      plan: "standard",
      payment_method: "bank_transfer",
    });
    expect(paid.status).toBe(201);
    const down = await api("POST", "/app/plan-contract/change", c.token, { workspace_id: c.ws, plan: "free" });
    expect(down.status).toBe(400);
    expect(down.body.code).toBe("plan_does_not_fit");
    expect((await contractsOf(c)).items.filter((row) => row.status === "scheduled")).toEqual([]);
  });

  it("counts projects too, and lets a workspace that fits continue on free", async () => {
    const c = await workspaceOf(1, "株式会社ちいさな工房");
    for (const name of ["A棟", "B棟", "C棟", "D棟"]) {
      expect((await api("POST", "/app/project/new", c.token, { workspace_id: c.ws, name })).status).toBe(201);
    }
    const trial = (await contractsOf(c)).items[0]!;
    const refused = await api("PUT", `/app/plan-contract/${trial.id}/cancel`, c.token);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("フリープランはプロジェクト3件まで（現在4件）のため、お選びいただけません。");

    const fits = await workspaceOf(5, "株式会社ごにん");
    const fitsTrial = (await contractsOf(fits)).items[0]!;
    expect((await api("PUT", `/app/plan-contract/${fitsTrial.id}/cancel`, fits.token)).status).toBe(200);
    expect((await contractsOf(fits)).items[0]).toMatchObject({ plan: "free", status: "active" });
  });
});

describe("the payment method of a paid contract", () => {
  it("switches from 請求書払い to the registered card for the next invoices, a scheduled change with it", async () => {
    const c = await workspaceOf(2, "株式会社みどり会計");
    const outsider = await workspaceOf(1, "他社");
    const created = await api("POST", "/app/plan-contract/new", c.token, {
      workspace_id: c.ws,
      plan: "standard",
      cycle: "monthly",
      payment_method: "bank_transfer",
    });
    const id = created.body.id as string;
    // Without a card, card cannot be chosen.
    const noCard = await api("PUT", `/app/plan-contract/${id}/payment-method`, c.token, { payment_method: "card" });
    expect(noCard.status).toBe(400);
    expect(noCard.body.code).toBe("card_required");
    // A card registered does not switch by itself: the company chooses.
    await api("POST", `/app/workspace/${c.ws}/sync-payment`, c.token, { local_test_card: "visa_ok" });
    expect((await contractsOf(c)).items[0]!.payment_method).toBe("bank_transfer");
    // Monthly → yearly is scheduled for the period's end; it follows the method chosen afterwards.
    const yearly = await api("POST", "/app/plan-contract/change", c.token, {
      workspace_id: c.ws,
      plan: "standard",
      cycle: "yearly",
    });
    expect(yearly.status).toBe(200);
    const foreign = await api("PUT", `/app/plan-contract/${id}/payment-method`, outsider.token, {
      payment_method: "card",
    });
    expect(foreign.status).toBe(404);
    const switched = await api("PUT", `/app/plan-contract/${id}/payment-method`, c.token, { payment_method: "card" });
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
    const invoices = await api("GET", `/app/invoice/list?workspace_id=${c.ws}`, token);
    expect(
      invoices.body.items.map((i: { payment_method: string; status: string }) => [i.payment_method, i.status]),
    ).toEqual([
      ["card", "paid"],
      ["bank_transfer", "open"],
    ]);
  });
});
