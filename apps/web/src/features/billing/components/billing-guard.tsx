import type { ReactNode } from "react";
import { ForbiddenPage } from "../../../components/forbidden-page.tsx";
import { canOpenPage } from "../../../session/page-access.ts";
import { useSignedInSession } from "../../../session/session.ts";

/**
 * The billing pages open only to those with `manage_billing` (the owner, or admins the owner allowed); the
 * others get the friendly 403. The page receives the workspace's id.
 */
export function BillingGuard({
  pageName,
  path,
  children,
}: {
  pageName: string;
  /** The page's path, whose rule (session/page-access.ts) decides. */
  path: string;
  children: (workspaceId: string) => ReactNode;
}) {
  const workspaceUser = useSignedInSession().workspaceUser;
  if (!workspaceUser || !canOpenPage(workspaceUser, path)) {
    return (
      <ForbiddenPage
        pageName={pageName}
        description={`${pageName}は、オーナー（またはプラン・請求の管理を許可された方）だけが開けます。`}
      />
    );
  }
  return children(workspaceUser.workspace_id);
}
