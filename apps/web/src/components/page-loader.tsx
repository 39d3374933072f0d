import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { Delayed } from "./delayed.tsx";

/** The pending state of a page or route chunk. */
export function PageLoader({
  label = "読み込み中…",
  minHeight = 320,
}: {
  label?: string;
  minHeight?: number | string;
}) {
  return (
    <Delayed>
      <Box
        role="status"
        aria-live="polite"
        sx={{
          display: "grid",
          placeItems: "center",
          alignContent: "center",
          gap: 2,
          minHeight,
          color: "text.secondary",
        }}
      >
        <CircularProgress size={32} thickness={4} />
        <Typography variant="body2">{label}</Typography>
      </Box>
    </Delayed>
  );
}

/** Covers the whole window while the session is being checked on the first load. */
export function FullPageLoader({ label }: { label?: string }) {
  return (
    <Box sx={{ minHeight: "100vh", display: "grid", placeItems: "center", bgcolor: "background.default" }}>
      <PageLoader label={label} minHeight="auto" />
    </Box>
  );
}
