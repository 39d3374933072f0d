import AccountCircleOutlined from "@mui/icons-material/AccountCircleOutlined";
import AccountTreeOutlined from "@mui/icons-material/AccountTreeOutlined";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import InsightsOutlined from "@mui/icons-material/InsightsOutlined";
import LibraryBooksOutlined from "@mui/icons-material/LibraryBooksOutlined";
import OpenInNew from "@mui/icons-material/OpenInNew";
import TaskAltOutlined from "@mui/icons-material/TaskAltOutlined";
import Box from "@mui/material/Box";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useRouterState } from "@tanstack/react-router";
import type { ClientConfig } from "@tasuki/contract/system/client-config.contract";
import type { ComponentType } from "react";
import { ListItemButtonLink } from "../components/router-link.tsx";
import { useClientConfig } from "../features/system/api/get-client-config.ts";
import { usePreviousPage } from "../lib/previous-pages.ts";
import { useCanOpenPages } from "../session/page-access.ts";

interface NavItem {
  label: string;
  /** Where the link leads; the task and organisation links return to the last page of their area. */
  to: string;
  /** The area the item stands for, highlighted for any page under it. */
  area: string;
  icon: ComponentType<{ fontSize?: "small" | "medium" }>;
}

const EXTERNAL_LINKS: { key: keyof ClientConfig["links"]; label: string }[] = [
  { key: "contact", label: "お問い合わせ" },
  { key: "terms", label: "利用規約" },
  { key: "privacy", label: "プライバシーポリシー" },
  { key: "company", label: "運営会社" },
  { key: "manual", label: "マニュアル" },
];

function isInArea(pathname: string, area: string): boolean {
  return pathname === area || pathname.startsWith(`${area}/`);
}

export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const previousTaskPage = usePreviousPage("task");
  const previousOrganizationPage = usePreviousPage("organization");
  const config = useClientConfig();

  const allItems: NavItem[] = [
    { label: "タスク", to: previousTaskPage, area: "/task", icon: TaskAltOutlined },
    { label: "組織", to: previousOrganizationPage, area: "/organization", icon: AccountTreeOutlined },
    { label: "コミュニケーション", to: "/communication/meeting", area: "/communication", icon: ForumOutlined },
    { label: "タスクテンプレート", to: "/tasktpl", area: "/tasktpl", icon: LibraryBooksOutlined },
    { label: "分析", to: "/analytics", area: "/analytics", icon: InsightsOutlined },
    { label: "マイページ", to: "/mypage/profile", area: "/mypage", icon: AccountCircleOutlined },
  ];
  // An area is listed when the caller may open it: 分析 only for a role with an analytics permission.
  const canOpen = useCanOpenPages();
  const items = allItems.filter((item) => canOpen(item.area));

  return (
    <Box component="nav" aria-label="メインメニュー" sx={{ display: "flex", flexDirection: "column", height: "100%" }}>
      <List sx={{ px: 1.5, py: 2, display: "grid", gap: 0.5 }}>
        {items.map(({ label, to, area, icon: Icon }) => {
          const selected = isInArea(pathname, area);
          return (
            <ListItemButtonLink
              key={area}
              // The remembered pages are paths of this app, not known to the router's types.
              to={to as "/task"}
              selected={selected}
              aria-current={selected ? "page" : undefined}
              onClick={onNavigate}
              sx={{ py: 1 }}
            >
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={label} slotProps={{ primary: { sx: { fontWeight: 600, fontSize: 14 } } }} />
            </ListItemButtonLink>
          );
        })}
      </List>

      <Box sx={{ flexGrow: 1 }} />

      <List
        dense
        sx={{ px: 1.5, pb: 2 }}
        subheader={
          <ListSubheader disableSticky sx={{ bgcolor: "transparent", lineHeight: "32px", fontSize: 12 }}>
            サポート・規約
          </ListSubheader>
        }
      >
        {config.isPending &&
          EXTERNAL_LINKS.map(({ key }) => (
            <Box key={key} sx={{ px: 2, py: 0.75 }}>
              <Skeleton variant="text" width="70%" />
            </Box>
          ))}
        {config.isError && (
          <Typography variant="caption" sx={{ px: 2, color: "text.secondary" }}>
            リンクを読み込めませんでした
          </Typography>
        )}
        {config.data &&
          EXTERNAL_LINKS.map(({ key, label }) => (
            <ListItemButton
              key={key}
              component="a"
              href={config.data.links[key]}
              target="_blank"
              rel="noopener noreferrer"
              sx={{ py: 0.25, color: "text.secondary" }}
            >
              <ListItemText primary={label} slotProps={{ primary: { sx: { fontSize: 13 } } }} />
              <OpenInNew sx={{ fontSize: 14, ml: 1, opacity: 0.7 }} aria-label="新しいタブで開く" />
            </ListItemButton>
          ))}
      </List>
    </Box>
  );
}
