import { useSignedInSession } from "../../../session/session.ts";
import { usePlan } from "./use-plan.ts";

/** Who can act on a prompt: a billing manager goes to the plans; others are told whom to ask. */
export function useWhoUpgrades() {
  const workspaceUser = useSignedInSession().workspaceUser;
  const canManage = workspaceUser?.permissions.includes("manage_billing") ?? false;
  const { usage } = usePlan(workspaceUser?.workspace_id);
  const owners = usage?.owner_names.join("、") ?? "";
  return {
    canManage,
    askText: `プランの変更は、ワークスペースのオーナー${owners ? `（${owners}）` : ""}にご依頼ください。`,
  };
}
