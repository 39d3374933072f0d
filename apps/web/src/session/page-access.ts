import type { Permission } from "@tasuki/contract/authority/authority.schema";
import type { Role } from "@tasuki/contract/common/common.schema";
import { hasPermission } from "./permissions.ts";
import { useSession } from "./session.ts";

interface Caller {
  role: Role;
  permissions: readonly Permission[];
}

type Rule = (caller: Caller) => boolean;

const permission =
  (name: Permission): Rule =>
  (caller) =>
    hasPermission(caller, name);

/**
 * Who may open which page, in one place: the tabs and menus list a page only to those it opens for, and the page
 * itself refuses the others with the same rule (the API refuses them too). Pages not listed open to every staff
 * member of the workspace.
 */
const PAGE_RULES: Record<string, Rule> = {
  // Read by those who manage the organisation definitions; changed by the owner only (the page says so).
  "/organization/authority-rules": permission("manage_org_definitions"),
  // The log shows everyone's actions: owners and admins by role, whatever the matrix says (decision 0011).
  "/organization/audit-log": (caller) => caller.role === "owner" || caller.role === "admin",
  "/mypage/company-info": permission("manage_billing"),
  "/mypage/billing-info": permission("manage_billing"),
  "/mypage/payment-setting": permission("manage_billing"),
  "/mypage/plan-and-invoice": permission("manage_billing"),
  "/analytics": (caller) =>
    hasPermission(caller, "view_analytics_workspace") ||
    hasPermission(caller, "view_analytics_group") ||
    hasPermission(caller, "view_analytics_person"),
};

/** The rule of a path: its own, or that of the nearest area above it (`/analytics/group/…` → `/analytics`). */
function ruleOf(path: string): Rule | undefined {
  for (let prefix = path; prefix; prefix = prefix.slice(0, prefix.lastIndexOf("/"))) {
    const rule = PAGE_RULES[prefix];
    if (rule) return rule;
  }
  return undefined;
}

/** Whether this staff member may open the page at `path` (without a staff record: nothing that has a rule). */
export function canOpenPage(caller: Caller | null | undefined, path: string): boolean {
  const rule = ruleOf(path);
  if (!rule) return true;
  return caller ? rule(caller) : false;
}

/** The signed-in caller's `canOpenPage`, for menus and pages. */
export function useCanOpenPages(): (path: string) => boolean {
  const session = useSession();
  const caller = session.status === "signed_in" ? session.workspaceUser : null;
  return (path) => canOpenPage(caller, path);
}

/** Filters a menu's entries to those the caller may open. */
export function usePagesToOpen<T extends { to: string }>(entries: readonly T[]): T[] {
  const canOpen = useCanOpenPages();
  return entries.filter((entry) => canOpen(entry.to));
}
