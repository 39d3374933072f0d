import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

/** A section heading of the drawer: icon, title (with optional badges) and an action at the right. */
export function SectionTitle({
  id,
  icon,
  action,
  children,
}: {
  id: string;
  icon: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 1.5, minHeight: 32 }}>
      <Box aria-hidden sx={{ display: "flex", color: "text.secondary", "& svg": { fontSize: 20 } }}>
        {icon}
      </Box>
      <Typography
        id={id}
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 700, display: "flex", alignItems: "center" }}
      >
        {children}
      </Typography>
      <Box sx={{ flex: 1 }} />
      {action}
    </Box>
  );
}
