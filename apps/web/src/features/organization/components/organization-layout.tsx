import Box from "@mui/material/Box";
import Tabs from "@mui/material/Tabs";
import { Outlet, useRouterState } from "@tanstack/react-router";
import { TabLink } from "../../../components/router-link.tsx";
import { usePagesToOpen } from "../../../session/page-access.ts";

/** The organisation area's pages, in the order of the tabs. */
export const ORGANIZATION_TABS = [
  { to: "/organization/staff", label: "スタッフ" },
  { to: "/organization/definition", label: "組織定義" },
  { to: "/organization/project", label: "プロジェクト" },
  { to: "/organization/authority-rules", label: "権限ルール" },
  { to: "/organization/canvas", label: "組織図" },
  { to: "/organization/audit-log", label: "監査ログ" },
] as const;

export function activeOrganizationTab(pathname: string): string | false {
  const tab = ORGANIZATION_TABS.find(({ to }) => pathname === to || pathname.startsWith(`${to}/`));
  return tab?.to ?? false;
}

/** The organisation area: its sub-navigation above the page of each tab. */
export function OrganizationLayout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // A tab leads only where the caller may go: 権限ルール and 監査ログ are not offered to those they refuse.
  const tabs = usePagesToOpen(ORGANIZATION_TABS);
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: "divider", mb: { xs: 2.5, md: 3 }, mt: -1 }}>
        <Tabs
          component="nav"
          aria-label="組織メニュー"
          value={activeOrganizationTab(pathname)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
        >
          {tabs.map((tab) => (
            <TabLink
              key={tab.to}
              value={tab.to}
              to={tab.to}
              label={tab.label}
              aria-current={activeOrganizationTab(pathname) === tab.to ? "page" : undefined}
            />
          ))}
        </Tabs>
      </Box>
      <Outlet />
    </>
  );
}
