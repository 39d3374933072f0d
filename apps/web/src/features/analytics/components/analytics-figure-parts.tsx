import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

export function Kpi({ label, value, note, tone }: { label: string; value: ReactNode; note?: string; tone?: "error" }) {
  return (
    <Card variant="outlined" sx={{ px: 2, py: 1.5, borderColor: tone === "error" ? "error.light" : undefined }}>
      <Typography variant="body2" sx={{ color: "text.secondary", fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography
        sx={{
          fontSize: 28,
          fontWeight: 700,
          lineHeight: 1.3,
          fontVariantNumeric: "tabular-nums",
          color: tone === "error" ? "error.main" : "text.primary",
        }}
      >
        {value}
      </Typography>
      {note && (
        <Typography variant="caption" sx={{ color: "text.secondary" }}>
          {note}
        </Typography>
      )}
    </Card>
  );
}

export function FiguresSkeleton() {
  return (
    <Box sx={{ display: "grid", gap: 2.5 }} aria-busy="true" aria-label="分析を読み込み中">
      <Box
        sx={{
          display: "grid",
          gap: 1.5,
          gridTemplateColumns: { xs: "repeat(2, 1fr)", md: "repeat(3, 1fr)", xl: "repeat(6, 1fr)" },
        }}
      >
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Skeleton key={index} variant="rounded" height={96} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={340} />
      <Skeleton variant="rounded" height={340} />
    </Box>
  );
}
