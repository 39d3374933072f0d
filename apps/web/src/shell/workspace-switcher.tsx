import ApartmentOutlined from "@mui/icons-material/ApartmentOutlined";
import Check from "@mui/icons-material/Check";
import SettingsOutlined from "@mui/icons-material/SettingsOutlined";
import UnfoldMore from "@mui/icons-material/UnfoldMore";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { useId, useState } from "react";
import { MenuItemLink } from "../components/router-link.tsx";
import { MENU_MAX_HEIGHT_PX } from "../lib/constants.ts";
import { ROLE_LABELS } from "../lib/role-labels.ts";
import { activeMemberships, useSignedInSession } from "../session/session.ts";

const ID_SEGMENT = /\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\/|$)/i;

/**
 * The same page in another workspace, without what named the previous one's rows: the filters and selections of
 * the address (project, group, people ids) are dropped, and a page of one row (a meeting, a group's analytics)
 * gives way to its area's first page.
 */
export function inWorkspace(pathname: string, workspaceId: string) {
  const to = ID_SEGMENT.test(pathname) ? `/${pathname.split("/")[1] ?? ""}` : pathname;
  return { to: to as "/", search: { workspace_id: workspaceId } };
}

/** Lists the workspaces the user is active in; choosing one puts its id in the `workspace_id` search param. */
export function WorkspaceSwitcher() {
  const session = useSignedInSession();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const memberships = activeMemberships(session.user);
  const currentId = session.workspaceUser?.workspace_id;
  const current = memberships.find((membership) => membership.workspace_id === currentId);
  const close = () => setAnchor(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  return (
    <>
      <Button
        aria-label={`ワークスペースを切り替え（現在: ${current?.workspace.name ?? "未選択"}）`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? "true" : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        color="inherit"
        startIcon={<ApartmentOutlined sx={{ color: "primary.main" }} />}
        endIcon={<UnfoldMore fontSize="small" sx={{ color: "text.secondary" }} />}
        sx={{
          border: 1,
          borderColor: "divider",
          bgcolor: "background.paper",
          px: 1.5,
          maxWidth: { xs: 180, sm: 280 },
          justifyContent: "flex-start",
        }}
      >
        <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
          {current?.workspace.name ?? "ワークスペース"}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{ paper: { sx: { minWidth: 280, maxHeight: MENU_MAX_HEIGHT_PX, mt: 1 } } }}
      >
        <ListSubheader sx={{ lineHeight: "36px" }}>ワークスペース</ListSubheader>
        {memberships.map((membership) => {
          const selected = membership.workspace_id === currentId;
          return (
            <MenuItem
              key={membership.id}
              selected={selected}
              onClick={() => {
                close();
                if (!selected) void navigate(inWorkspace(pathname, membership.workspace_id));
              }}
            >
              <ListItemIcon>{selected && <Check fontSize="small" color="primary" />}</ListItemIcon>
              <ListItemText
                primary={membership.workspace.name}
                secondary={ROLE_LABELS[membership.role]}
                slotProps={{ primary: { noWrap: true, sx: { fontWeight: selected ? 700 : 500 } } }}
              />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItemLink to="/mypage/workspace" onClick={close}>
          <ListItemIcon>
            <SettingsOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>ワークスペースの管理・作成</ListItemText>
        </MenuItemLink>
      </Menu>
    </>
  );
}
