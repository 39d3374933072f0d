import { z } from "zod";
import { idSchema, timestampSchema } from "../common/common.schema.ts";
import { addDays, type CalendarDate, type Instant, tokyoDate } from "../rules/tokyo-date.ts";

/** DOMAIN.md's plans: prices tax-exclusive, JPY, per active staff member per month. */
export const planSchema = z.enum(["free", "standard", "premium"]);
export type Plan = z.infer<typeof planSchema>;
export const paidPlans = ["standard", "premium"] as const;
export type PaidPlan = (typeof paidPlans)[number];

export const billingCycleSchema = z.enum(["monthly", "yearly"]);
export type BillingCycle = z.infer<typeof billingCycleSchema>;

export const paymentMethodKindSchema = z.enum(["card", "bank_transfer"]);
export type PaymentMethodKind = z.infer<typeof paymentMethodKindSchema>;

export const planContractStatusSchema = z.enum(["trial", "active", "scheduled", "cancelled", "expired"]);
export type PlanContractStatus = z.infer<typeof planContractStatusSchema>;

/** What only premium (and its trial) opens. Analytics, AI and the Slack/Chatwork integrations ask for it. */
export const premiumFeatureSchema = z.enum(["analytics", "ai", "integrations"]);
export type PremiumFeature = z.infer<typeof premiumFeatureSchema>;

export interface PlanDefinition {
  plan: Plan;
  label: string;
  /** Yen per active staff member per month, tax excluded. */
  monthlyPrice: number;
  /** Null: no limit. */
  maxStaff: number | null;
  maxProjects: number | null;
  features: readonly PremiumFeature[];
}

export const PLAN_CATALOGUE: Record<Plan, PlanDefinition> = {
  free: { plan: "free", label: "フリー", monthlyPrice: 0, maxStaff: 5, maxProjects: 3, features: [] },
  standard: {
    plan: "standard",
    label: "スタンダード",
    monthlyPrice: 600,
    maxStaff: null,
    maxProjects: null,
    features: [],
  },
  premium: {
    plan: "premium",
    label: "プレミアム",
    monthlyPrice: 1200,
    maxStaff: null,
    maxProjects: null,
    features: ["analytics", "ai", "integrations"],
  },
};

export const PREMIUM_FEATURE_LABELS: Record<PremiumFeature, string> = {
  analytics: "分析",
  ai: "AIアシスト",
  integrations: "外部連携（Slack・Chatwork）",
};

export const BILLING_CYCLE_LABELS: Record<BillingCycle, string> = { monthly: "月払い", yearly: "年払い" };
export const PAYMENT_METHOD_LABELS: Record<PaymentMethodKind, string> = {
  card: "クレジットカード",
  bank_transfer: "請求書払い（銀行振込）",
};
export const PLAN_CONTRACT_STATUS_LABELS: Record<PlanContractStatus, string> = {
  trial: "無料トライアル中",
  active: "契約中",
  scheduled: "変更予約",
  cancelled: "解約済み",
  expired: "終了",
};

/** New workspaces try premium for this many days. */
export const TRIAL_DAYS = 30;
/** Yearly billing: 12 months for the price of 10. */
export const YEARLY_BILLED_MONTHS = 10;

/** The price of one seat for one period of the cycle, tax excluded. */
export function seatPrice(plan: Plan, cycle: BillingCycle): number {
  const monthly = PLAN_CATALOGUE[plan].monthlyPrice;
  return cycle === "yearly" ? monthly * YEARLY_BILLED_MONTHS : monthly;
}

/**
 * The one premium check, shared by the API (`requirePremiumFeature`) and the web app (`usePlan`). Whoever
 * gates a feature asks this with the workspace's current plan: the trial is premium.
 */
export function planHasFeature(plan: Plan, feature: PremiumFeature): boolean {
  return PLAN_CATALOGUE[plan].features.includes(feature);
}

/**
 * The last day of a period that ends at `end` (exclusive): the Tokyo day before the end's day, so consecutive
 * periods never share a printed day (12/2 10:00 → 1/2 10:00 is 「12月2日〜1月1日」, the next starts 1月2日). The
 * invoices and the plans page both print periods with it.
 */
export function periodLastDay(end: Instant): CalendarDate {
  return addDays(tokyoDate(end), -1);
}

/**
 * Whether a change of a paid contract applies at once (a dearer plan in the same cycle, the difference prorated
 * by day) or is scheduled for the period's end (a cheaper plan, free, or another cycle). The API acts on it; the
 * plan dialog says it before the change is confirmed.
 */
export function changeAppliesNow(
  from: { plan: Plan; cycle: BillingCycle },
  to: { plan: Plan; cycle: BillingCycle },
): boolean {
  return to.cycle === from.cycle && PLAN_CATALOGUE[to.plan].monthlyPrice > PLAN_CATALOGUE[from.plan].monthlyPrice;
}

/**
 * Why a plan does not fit the workspace as it is, or null when it does: a plan is offered (and accepted) only
 * if what the workspace already has fits its limits. Staff count active and invited people (the seats the
 * limit counts); projects count live ones. The API refuses with this message; the plans page shows it.
 */
export function planMisfit(plan: Plan, usage: { staff: number; projects: number }): string | null {
  const { label, maxStaff, maxProjects } = PLAN_CATALOGUE[plan];
  const over = [
    maxStaff !== null && usage.staff > maxStaff
      ? `スタッフ${maxStaff}人まで（招待中を含め現在${usage.staff}人）`
      : null,
    maxProjects !== null && usage.projects > maxProjects
      ? `プロジェクト${maxProjects}件まで（現在${usage.projects}件）`
      : null,
  ].filter(Boolean);
  return over.length === 0 ? null : `${label}プランは${over.join("・")}のため、お選びいただけません。`;
}

export const planContractSchema = z
  .object({
    id: idSchema,
    plan: planSchema,
    cycle: billingCycleSchema,
    seats: z.number().int(),
    status: planContractStatusSchema,
    payment_method: paymentMethodKindSchema.nullable(),
    current_period_start: timestampSchema,
    /** Null for the free plan, which has no period. */
    current_period_end: timestampSchema.nullable(),
    cancel_at_period_end: z.boolean(),
    partner_code: z.string().nullable(),
    discount_percent: z.number().int(),
  })
  .meta({ id: "PlanContract" });
export type PlanContract = z.infer<typeof planContractSchema>;

/** What the workspace uses of its plan's limits (active staff are the seats). */
export const planUsageSchema = z
  .object({
    plan: planSchema,
    active_staff: z.number().int(),
    /** Active and invited staff: what the free plan's limit of 5 counts. */
    staff: z.number().int(),
    projects: z.number().int(),
    max_staff: z.number().int().nullable(),
    max_projects: z.number().int().nullable(),
    features: z.array(premiumFeatureSchema),
    workspace_status: z.enum(["active", "disabled", "locked"]),
    /** Why a disabled or locked workspace is so: the owner asked, or a payment is past due; null when active. */
    disabled_reason: z.enum(["owner", "non_payment"]).nullable(),
    /** The owners' names, whom the banner of a disabled workspace tells members to ask. */
    owner_names: z.array(z.string()),
    /** The workspace's 会社情報, once registered (the company and billing-info pages open it by id). */
    company_id: idSchema.nullable(),
  })
  .meta({ id: "PlanUsage" });
export type PlanUsage = z.infer<typeof planUsageSchema>;
