import Skeleton from "@mui/material/Skeleton";
import { type BillingCycle, type Plan, planMisfit } from "@tasuki/contract/billing/plan.schema";
import { useState } from "react";
import { ErrorState } from "../../../components/error-state.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { usePlanContracts } from "../api/list-plan-contracts.ts";
import { CurrentPlanCard } from "./current-plan-card.tsx";
import { EndTrialDialog } from "./end-trial-dialog.tsx";
import { PlanChoiceCard } from "./plan-choice-card.tsx";
import { PlanDialog } from "./plan-dialog.tsx";

/** The plan in force and the choice of another, with the dialogs that apply the choice. */
export function PlanSection({ workspaceId }: { workspaceId: string }) {
  const contracts = usePlanContracts(workspaceId);
  const [cycle, setCycle] = useState<BillingCycle>("monthly");
  const [choice, setChoice] = useState<Plan | null>(null);
  const [endingTrial, setEndingTrial] = useState(false);
  if (contracts.isPending) {
    return (
      <SectionCard title="ご契約中のプラン">
        <Skeleton variant="text" width="40%" />
        <Skeleton variant="text" width="60%" />
      </SectionCard>
    );
  }
  if (contracts.isError) {
    return (
      <SectionCard title="ご契約中のプラン">
        <ErrorState error={contracts.error} onRetry={() => void contracts.refetch()} />
      </SectionCard>
    );
  }
  const { items, usage } = contracts.data;
  const current = items.find((c) => c.status === "trial" || c.status === "active") ?? null;
  const scheduled = items.find((c) => c.status === "scheduled") ?? null;
  const paid = current?.status === "active" && current.plan !== "free";
  const onTrial = current?.status === "trial";

  return (
    <>
      <CurrentPlanCard usage={usage} current={current} scheduled={scheduled} paid={paid} />
      <PlanChoiceCard
        usage={usage}
        current={current}
        paid={paid}
        onTrial={onTrial}
        cycle={cycle}
        onCycleChange={setCycle}
        onChoose={setChoice}
        onEndTrial={() => setEndingTrial(true)}
      />
      <EndTrialDialog open={endingTrial} current={current} onClose={() => setEndingTrial(false)} />
      {choice && (
        <PlanDialog
          workspaceId={workspaceId}
          plan={choice}
          cycle={cycle}
          seats={Math.max(1, usage.active_staff)}
          misfit={planMisfit(choice, usage)}
          current={paid ? current : null}
          onClose={() => setChoice(null)}
        />
      )}
    </>
  );
}
