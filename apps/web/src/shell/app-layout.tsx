import MenuOutlined from "@mui/icons-material/MenuOutlined";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import Toolbar from "@mui/material/Toolbar";
import { Link, Outlet, useMatches } from "@tanstack/react-router";
import { useState } from "react";
import { FullPageLoader } from "../components/page-loader.tsx";
import { TasukiMark, TasukiWordmark } from "../components/tasuki-wordmark.tsx";
import { TermsUpdateGate } from "../features/auth/components/terms-update-gate.tsx";
import { UpgradeDialogHost } from "../features/billing/components/upgrade-dialog-host.tsx";
import { WorkspaceStandingBanner } from "../features/billing/components/workspace-standing-banner.tsx";
import { NotificationBell } from "../features/notification/components/notification-bell.tsx";
import { setDateStyle } from "../lib/date.ts";
import { useSession } from "../session/session.ts";
import { SideNav } from "./side-nav.tsx";
import { UserMenu } from "./user-menu.tsx";
import { WorkspaceSwitcher } from "./workspace-switcher.tsx";

const DRAWER_WIDTH = 240;
const HEADER_HEIGHT = 64;

/**
 * The shared layout of every signed-in page: header (workspace switcher, notifications, user menu),
 * side navigation, and the page. A route can drop the header with `staticData: { noHeader: true }`.
 */
export function AppLayout() {
  const session = useSession();
  const noHeader = useMatches({ select: (matches) => matches.some((match) => match.staticData?.noHeader) });
  const [mobileOpen, setMobileOpen] = useState(false);

  // Signing out replaces this layout with the login page; until the navigation lands, show nothing stale.
  if (session.status !== "signed_in" || !session.workspaceUser) return <FullPageLoader />;

  const headerOffset = noHeader ? 0 : HEADER_HEIGHT;
  // 西暦 or 和暦, as the workspace on screen writes dates: set before any page formats one (lib/date.ts).
  const current = session.user.workspace_users.find((m) => m.workspace_id === session.workspaceUser?.workspace_id);
  const dateStyle = current?.workspace.date_style ?? "gregorian";
  setDateStyle(dateStyle);

  // Keyed by the workspace: on a switch every page, query observer and piece of state starts again, so that no
  // page shows the previous workspace's answers while the new ones load (the queries keep their previous data
  // only within one observer) and no request carries the previous workspace's ids.
  return (
    <Box
      key={`${session.workspaceUser.workspace_id}:${dateStyle}`}
      sx={{ display: "flex", minHeight: "100vh", bgcolor: "background.default" }}
    >
      {!noHeader && (
        <AppBar
          position="fixed"
          color="inherit"
          elevation={0}
          sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, borderBottom: 1, borderColor: "divider" }}
        >
          <Toolbar sx={{ minHeight: HEADER_HEIGHT, gap: { xs: 1, sm: 2 } }}>
            <IconButton
              aria-label="メニューを開く"
              onClick={() => setMobileOpen(true)}
              sx={{ display: { md: "none" } }}
              edge="start"
            >
              <MenuOutlined />
            </IconButton>
            <Box
              component={Link}
              to="/task"
              aria-label="Tasuki ホーム"
              sx={{
                display: "flex",
                alignItems: "center",
                textDecoration: "none",
                mr: { md: 3 },
                width: { md: DRAWER_WIDTH - 40 },
              }}
            >
              {/* On a phone the mark alone leaves room for the workspace name. */}
              <Box sx={{ display: { xs: "none", sm: "block" } }}>
                <TasukiWordmark />
              </Box>
              <Box sx={{ display: { xs: "block", sm: "none" } }}>
                <TasukiMark />
              </Box>
            </Box>
            <WorkspaceSwitcher />
            <Box sx={{ flexGrow: 1 }} />
            <NotificationBell />
            <UserMenu />
          </Toolbar>
        </AppBar>
      )}

      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={() => setMobileOpen(false)}
        sx={{ display: { xs: "block", md: "none" }, "& .MuiDrawer-paper": { width: DRAWER_WIDTH } }}
      >
        {/* The header stays above the drawer; start the menu below it. */}
        <Box sx={{ height: headerOffset, flexShrink: 0 }} />
        <SideNav onNavigate={() => setMobileOpen(false)} />
      </Drawer>
      <Drawer
        variant="permanent"
        sx={{
          display: { xs: "none", md: "block" },
          width: DRAWER_WIDTH,
          flexShrink: 0,
          "& .MuiDrawer-paper": {
            width: DRAWER_WIDTH,
            boxSizing: "border-box",
            top: headerOffset,
            height: `calc(100% - ${headerOffset}px)`,
            borderColor: "divider",
            bgcolor: "#fbfbfd",
          },
        }}
        open
      >
        <SideNav />
      </Drawer>

      <TermsUpdateGate />
      <UpgradeDialogHost />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, pt: `${headerOffset}px` }}>
        <Box sx={{ maxWidth: 1200, mx: "auto", px: { xs: 2, sm: 3, md: 4 }, py: { xs: 3, md: 4 } }}>
          <WorkspaceStandingBanner />
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
