import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import {
  type BillingCycle,
  PLAN_CATALOGUE,
  type Plan,
  type PlanContract,
  type PlanUsage,
  PREMIUM_FEATURE_LABELS,
  planMisfit,
  seatPrice,
} from "@tasuki/contract/billing/plan.schema";
import { SectionCard } from "../../../components/section-card.tsx";
import { yen } from "./yen.ts";

/**
 * プランの選択: the three plans at the chosen cycle's prices, each with what choosing it does now (apply, change,
 * end the trial) or why it cannot be chosen.
 */
export function PlanChoiceCard(props: {
  usage: PlanUsage;
  current: PlanContract | null;
  paid: boolean;
  onTrial: boolean;
  cycle: BillingCycle;
  onCycleChange: (cycle: BillingCycle) => void;
  onChoose: (plan: Plan) => void;
  onEndTrial: () => void;
}) {
  const { usage, current, paid, onTrial, cycle, onCycleChange, onChoose, onEndTrial } = props;
  return (
    <SectionCard
      title="プランの選択"
      description="料金はスタッフ1人あたり・税抜です。年払いは10か月分の料金で12か月ご利用いただけます。"
      action={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={cycle}
          onChange={(_, value: BillingCycle | null) => value && onCycleChange(value)}
          aria-label="支払いサイクル"
          sx={{ flexShrink: 0, "& .MuiToggleButton-root": { whiteSpace: "nowrap", px: 1.5 } }}
        >
          <ToggleButton value="monthly">月払い</ToggleButton>
          <ToggleButton value="yearly">年払い</ToggleButton>
        </ToggleButtonGroup>
      }
    >
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" }, gap: 2 }}>
        {(["free", "standard", "premium"] as const).map((plan) => {
          const definition = PLAN_CATALOGUE[plan];
          const isCurrent =
            usage.plan === plan && (plan === "free" || current?.cycle === cycle) && current?.status !== "trial";
          // A plan the workspace does not fit is not offered (the API refuses it too), and says why.
          const misfit = isCurrent ? null : planMisfit(plan, usage);
          return (
            <Card
              key={plan}
              variant="outlined"
              component="section"
              aria-label={`${definition.label}プラン`}
              sx={{ p: 2.5, display: "flex", flexDirection: "column", gap: 1 }}
            >
              <Typography variant="h5" component="h3">
                {definition.label}
              </Typography>
              <Typography variant="h4" component="p">
                {yen(seatPrice(plan, cycle))}
                <Typography component="span" variant="body2" sx={{ color: "text.secondary" }}>
                  ／人・{cycle === "yearly" ? "年" : "月"}
                </Typography>
              </Typography>
              <Typography variant="body2" sx={{ color: "text.secondary", flexGrow: 1 }}>
                {plan === "free"
                  ? `スタッフ${definition.maxStaff}人・プロジェクト${definition.maxProjects}件まで`
                  : definition.features.length > 0
                    ? `人数・プロジェクト無制限。${definition.features.map((f) => PREMIUM_FEATURE_LABELS[f]).join("・")}`
                    : "人数・プロジェクト無制限"}
              </Typography>
              <Button
                variant={plan === "premium" ? "contained" : "outlined"}
                disabled={isCurrent || misfit !== null || (plan === "free" && !paid && !onTrial)}
                aria-describedby={misfit ? `plan-misfit-${plan}` : undefined}
                onClick={() => (plan === "free" && onTrial ? onEndTrial() : onChoose(plan))}
              >
                {isCurrent
                  ? "ご利用中"
                  : paid
                    ? "このプランに変更"
                    : plan === "free"
                      ? onTrial
                        ? "フリープランで続ける"
                        : "ご利用中"
                      : "申し込む"}
              </Button>
              {misfit && (
                <Typography id={`plan-misfit-${plan}`} variant="caption" sx={{ color: "error.main" }}>
                  {misfit}
                </Typography>
              )}
            </Card>
          );
        })}
      </Box>
    </SectionCard>
  );
}
