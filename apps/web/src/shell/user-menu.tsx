import AccountCircleOutlined from "@mui/icons-material/AccountCircleOutlined";
import ExpandMore from "@mui/icons-material/ExpandMore";
import LogoutOutlined from "@mui/icons-material/LogoutOutlined";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Divider from "@mui/material/Divider";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Typography from "@mui/material/Typography";
import { firstGrapheme } from "@tasuki/contract/common/cut-text";
import { useId, useState } from "react";
import { MenuItemLink } from "../components/router-link.tsx";
import { displayName } from "../lib/person.ts";
import { signOut, useSignedInSession } from "../session/session.ts";

export function UserMenu() {
  const session = useSignedInSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const person = session.workspaceUser ?? session.user;
  const name = displayName(person) || session.user.email;
  const close = () => setAnchor(null);

  return (
    <>
      <ButtonBase
        aria-label="ユーザーメニュー"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? "true" : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ borderRadius: 2, px: 1, py: 0.5, gap: 1, "&:hover": { bgcolor: "action.hover" } }}
      >
        <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: "primary.main" }}>
          {firstGrapheme(person.last_name || name)}
        </Avatar>
        <Typography
          component="span"
          variant="body2"
          sx={{ fontWeight: 600, display: { xs: "none", sm: "block" }, maxWidth: 160 }}
          noWrap
        >
          {name}
        </Typography>
        <ExpandMore fontSize="small" sx={{ color: "text.secondary", display: { xs: "none", sm: "block" } }} />
      </ButtonBase>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
      >
        <Box sx={{ px: 2, pt: 1, pb: 1.5 }}>
          <Typography variant="subtitle1">{name}</Typography>
          <Typography variant="body2" sx={{ color: "text.secondary" }} noWrap>
            {session.user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItemLink to="/mypage/profile" onClick={close}>
          <ListItemIcon>
            <AccountCircleOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>マイページ</ListItemText>
        </MenuItemLink>
        <MenuItem
          onClick={() => {
            close();
            void signOut();
          }}
        >
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>ログアウト</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
