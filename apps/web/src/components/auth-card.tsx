import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useDocumentTitle } from "./page-header.tsx";

export function AuthCard({
  title,
  description,
  children,
  width = 440,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  useDocumentTitle(title);
  return (
    <Card
      sx={{
        width: "100%",
        maxWidth: width,
        p: { xs: 3, sm: 5 },
        borderRadius: 4,
        boxShadow: "0 12px 40px rgba(31, 36, 51, 0.08)",
        border: "1px solid #e6e8f0",
      }}
    >
      <Box sx={{ mb: 3 }}>
        <Typography variant="h2" component="h1" sx={{ textAlign: "center" }}>
          {title}
        </Typography>
        {description && (
          <Typography variant="body2" sx={{ color: "text.secondary", mt: 1, textAlign: "center" }}>
            {description}
          </Typography>
        )}
      </Box>
      {children}
    </Card>
  );
}
