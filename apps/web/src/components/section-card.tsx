import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import Divider from "@mui/material/Divider";
import Typography from "@mui/material/Typography";
import { type ReactNode, useId } from "react";

/** A titled block of a settings page: a region named by its title, so that assistive tools can jump to it. */
export function SectionCard({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mb: 3 }}>
      <Box sx={{ px: 3, py: 2.25, display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        {/* On a phone a long description takes the width and the action goes below it, instead of squeezing it. */}
        <Box sx={{ flex: "1 1 180px", minWidth: 0 }}>
          <Typography variant="h4" component="h2" id={titleId}>
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" sx={{ color: "text.secondary", mt: 0.5 }}>
              {description}
            </Typography>
          )}
        </Box>
        {/* The title wraps, never the buttons beside it (「連携を解除」 on a phone). */}
        {action && <Box sx={{ flexShrink: 0, whiteSpace: "nowrap" }}>{action}</Box>}
      </Box>
      <Divider />
      <Box sx={{ p: 3 }}>{children}</Box>
    </Card>
  );
}

/** A label and its value in a read-only settings row. */
export function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "1fr", sm: "160px 1fr" },
        gap: { xs: 0.5, sm: 2 },
        py: 1.5,
        "&:not(:last-of-type)": { borderBottom: 1, borderColor: "divider" },
      }}
    >
      <Typography variant="body2" sx={{ color: "text.secondary", fontWeight: 600 }}>
        {label}
      </Typography>
      <Box sx={{ minWidth: 0, wordBreak: "break-all" }}>{children}</Box>
    </Box>
  );
}
