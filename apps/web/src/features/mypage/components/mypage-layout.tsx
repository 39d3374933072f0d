import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import List from "@mui/material/List";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Paper from "@mui/material/Paper";
import { Outlet, useRouterState } from "@tanstack/react-router";
import { ButtonLink, ListItemButtonLink } from "../../../components/router-link.tsx";
import { canOpenPage } from "../../../session/page-access.ts";
import { useSignedInSession } from "../../../session/session.ts";

interface MenuEntry {
  to: string;
  label: string;
  /** Pages of later releases are listed already and say so. */
  ready: boolean;
}

const SECTIONS: { title: string; entries: MenuEntry[] }[] = [
  {
    title: "アカウント",
    entries: [
      { to: "/mypage/profile", label: "プロフィール", ready: true },
      { to: "/mypage/email-address", label: "メールアドレス", ready: true },
      { to: "/mypage/password", label: "パスワード", ready: true },
      { to: "/mypage/my-external-linkage/slack", label: "Slack 連携", ready: true },
      { to: "/mypage/my-external-linkage/chatwork", label: "Chatwork 連携", ready: true },
    ],
  },
  {
    title: "ワークスペース",
    entries: [
      { to: "/mypage/workspace", label: "ワークスペース", ready: true },
      { to: "/mypage/company-info", label: "会社情報", ready: true },
      { to: "/mypage/billing-info", label: "請求先情報", ready: true },
      { to: "/mypage/payment-setting", label: "お支払い設定", ready: true },
      { to: "/mypage/plan-and-invoice", label: "プランと請求書", ready: true },
      { to: "/mypage/external-linkage", label: "外部連携", ready: true },
    ],
  },
];

export function MypageLayout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // Only the pages the caller may open (the billing pages are the owner's, or those given manage_billing).
  const caller = useSignedInSession().workspaceUser;
  const sections = SECTIONS.map((section) => ({
    ...section,
    entries: section.entries.filter((entry) => canOpenPage(caller, entry.to)),
  }));
  return (
    <Box
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "220px minmax(0, 1fr)" },
        gap: { xs: 2.5, md: 4 },
        alignItems: "start",
      }}
    >
      {/* Phones: the sub-pages as a row to swipe through, so the page itself stays in view. */}
      <Box
        component="nav"
        aria-label="マイページメニュー（横並び）"
        sx={{ display: { xs: "flex", md: "none" }, gap: 1, overflowX: "auto", pb: 0.5 }}
      >
        {sections
          .flatMap((section) => section.entries)
          .map((entry) => {
            const selected = pathname === entry.to || pathname.startsWith(`${entry.to}/`);
            return (
              <ButtonLink
                key={entry.to}
                to={entry.to as "/mypage/profile"}
                size="small"
                variant={selected ? "contained" : "outlined"}
                color={selected ? "primary" : "inherit"}
                aria-current={selected ? "page" : undefined}
                sx={{
                  flexShrink: 0,
                  whiteSpace: "nowrap",
                  borderColor: "divider",
                  bgcolor: selected ? undefined : "background.paper",
                }}
              >
                {entry.label}
              </ButtonLink>
            );
          })}
      </Box>
      <Paper
        variant="outlined"
        component="nav"
        aria-label="マイページメニュー"
        sx={{ display: { xs: "none", md: "block" }, borderRadius: 3, py: 1 }}
      >
        {sections.map((section) => (
          <List
            key={section.title}
            dense
            sx={{ px: 1 }}
            subheader={
              <ListSubheader disableSticky sx={{ lineHeight: "32px", fontSize: 12, bgcolor: "transparent" }}>
                {section.title}
              </ListSubheader>
            }
          >
            {section.entries.map((entry) => {
              const selected = pathname === entry.to || pathname.startsWith(`${entry.to}/`);
              return (
                <ListItemButtonLink
                  key={entry.to}
                  to={entry.to as "/mypage/profile"}
                  selected={selected}
                  aria-current={selected ? "page" : undefined}
                >
                  <ListItemText
                    primary={entry.label}
                    slotProps={{ primary: { sx: { fontWeight: selected ? 700 : 500, fontSize: 14 } } }}
                  />
                  {!entry.ready && (
                    <Chip
                      label="準備中"
                      size="small"
                      variant="outlined"
                      sx={{ height: 20, fontSize: 11, color: "text.secondary" }}
                    />
                  )}
                </ListItemButtonLink>
              );
            })}
          </List>
        ))}
      </Paper>
      <Box sx={{ minWidth: 0 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
