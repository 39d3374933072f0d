import Button, { type ButtonProps } from "@mui/material/Button";
import MuiLink, { type LinkProps as MuiLinkProps } from "@mui/material/Link";
import ListItemButton, { type ListItemButtonProps } from "@mui/material/ListItemButton";
import MenuItem, { type MenuItemProps } from "@mui/material/MenuItem";
import Tab, { type TabProps } from "@mui/material/Tab";
import { createLink } from "@tanstack/react-router";
import type { Ref } from "react";

// MUI components rendered as router links: typed `to`/`search`, client-side navigation, and the
// `workspace_id` search param carried along by the root route's middleware.

type AnchorRef = { ref?: Ref<HTMLAnchorElement> };

export const RouterLink = createLink((props: MuiLinkProps & AnchorRef) => <MuiLink {...props} />);

export const ButtonLink = createLink((props: ButtonProps<"a"> & AnchorRef) => <Button component="a" {...props} />);

export const ListItemButtonLink = createLink((props: ListItemButtonProps<"a"> & AnchorRef) => (
  <ListItemButton component="a" {...props} />
));

export const MenuItemLink = createLink((props: MenuItemProps<"a"> & AnchorRef) => (
  <MenuItem component="a" {...props} />
));

export const TabLink = createLink((props: TabProps<"a"> & AnchorRef) => <Tab component="a" {...props} />);
