import { ForbiddenPage } from "../../../components/forbidden-page.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { canOpenPage } from "../../../session/page-access.ts";
import { useSignedInSession } from "../../../session/session.ts";
import { DisableWorkspaceSection } from "./disable-workspace-section.tsx";
import { InvoicesSection } from "./invoices-section.tsx";
import { PlanSection } from "./plan-section.tsx";

/** プランと請求書: the current plan, the plans to choose with their prices, and the invoices with their PDFs. */
export function PlanAndInvoicePage() {
  const session = useSignedInSession();
  const workspaceUser = session.workspaceUser;
  const canManage = canOpenPage(workspaceUser, "/mypage/plan-and-invoice");
  if (!workspaceUser || !canManage) {
    return (
      <ForbiddenPage
        pageName="プランと請求書"
        description="プランと請求書は、オーナー（またはプラン・請求の管理を許可された方）だけが開けます。"
      />
    );
  }
  return (
    <>
      <PageHeader
        title="プランと請求書"
        description="ご契約中のプランの確認・変更と、請求書のダウンロードができます。"
      />
      <PlanSection workspaceId={workspaceUser.workspace_id} />
      <InvoicesSection workspaceId={workspaceUser.workspace_id} />
      <DisableWorkspaceSection workspaceId={workspaceUser.workspace_id} />
    </>
  );
}
