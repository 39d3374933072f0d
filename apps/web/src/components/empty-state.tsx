import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  /** Inside a card that already has a border, drop this one. */
  bare?: boolean;
}

export function EmptyState({ icon, title, description, action, bare = false }: EmptyStateProps) {
  const content = (
    <Box
      sx={{
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        textAlign: "center",
        gap: 1.5,
        py: 7,
        px: 3,
      }}
    >
      {icon && (
        <Box
          aria-hidden
          sx={{
            width: 64,
            height: 64,
            borderRadius: "50%",
            display: "grid",
            placeItems: "center",
            bgcolor: "rgba(57, 73, 171, 0.08)",
            color: "primary.main",
            mb: 1,
            "& svg": { fontSize: 32 },
          }}
        >
          {icon}
        </Box>
      )}
      <Typography variant="h4" component="p">
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" sx={{ color: "text.secondary", maxWidth: 480 }}>
          {description}
        </Typography>
      )}
      {action && <Box sx={{ mt: 1.5 }}>{action}</Box>}
    </Box>
  );
  if (bare) return content;
  return (
    <Paper variant="outlined" sx={{ borderStyle: "dashed", borderRadius: 3, bgcolor: "background.paper" }}>
      {content}
    </Paper>
  );
}
