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
import { useNavigate } from "@tanstack/react-router";
import { useId, useState } from "react";
import { MenuItemLink } from "../../../components/router-link.tsx";
import { MENU_MAX_HEIGHT_PX } from "../../../lib/constants.ts";
import { activeMemberships, useSignedInSession } from "../../auth/session.ts";
import { ROLE_LABELS } from "../../workspace/role-labels.ts";

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
                if (!selected) {
                  void navigate({ to: ".", search: (prev) => ({ ...prev, workspace_id: membership.workspace_id }) });
                }
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
