import Box from "@mui/material/Box";
import List from "@mui/material/List";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Paper from "@mui/material/Paper";
import { Outlet, useRouterState } from "@tanstack/react-router";
import { ButtonLink, ListItemButtonLink } from "../../../components/router-link.tsx";

export const DEFINITION_PAGES = [
  { to: "/organization/definition/summary", label: "概要", description: "組織定義の全体" },
  { to: "/organization/definition/layer", label: "階層", description: "本部・部・課など" },
  { to: "/organization/definition/group", label: "グループ", description: "部署・チームの構成" },
  { to: "/organization/definition/position", label: "役職", description: "部長・課長など" },
  { to: "/organization/definition/base-name", label: "呼称", description: "大項目・中項目の呼び方" },
] as const;

/** 組織定義: its sub-pages in a side list (a row of buttons on phones), as マイページ does. */
export function DefinitionLayout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <Box
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "220px minmax(0, 1fr)" },
        gap: { xs: 2.5, md: 4 },
        alignItems: "start",
      }}
    >
      <Box
        component="nav"
        aria-label="組織定義メニュー（横並び）"
        sx={{ display: { xs: "flex", md: "none" }, gap: 1, overflowX: "auto", pb: 0.5 }}
      >
        {DEFINITION_PAGES.map((entry) => {
          const selected = pathname === entry.to;
          return (
            <ButtonLink
              key={entry.to}
              to={entry.to}
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
        aria-label="組織定義メニュー"
        sx={{ display: { xs: "none", md: "block" }, borderRadius: 3, py: 1 }}
      >
        <List
          dense
          sx={{ px: 1 }}
          subheader={
            <ListSubheader disableSticky sx={{ lineHeight: "32px", fontSize: 12, bgcolor: "transparent" }}>
              組織定義
            </ListSubheader>
          }
        >
          {DEFINITION_PAGES.map((entry) => {
            const selected = pathname === entry.to;
            return (
              <ListItemButtonLink
                key={entry.to}
                to={entry.to}
                selected={selected}
                aria-current={selected ? "page" : undefined}
              >
                <ListItemText
                  primary={entry.label}
                  secondary={entry.description}
                  slotProps={{
                    primary: { sx: { fontWeight: selected ? 700 : 500, fontSize: 14 } },
                    secondary: { sx: { fontSize: 11.5 } },
                  }}
                />
              </ListItemButtonLink>
            );
          })}
        </List>
      </Paper>
      <Box sx={{ minWidth: 0 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
