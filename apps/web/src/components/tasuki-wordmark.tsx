import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

/** The product mark: a sash (襷, tasuki) crossing a square, and the name. */
export function TasukiMark({ size = 28 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      aria-hidden
      sx={{ width: size, height: size, flexShrink: 0, display: "block" }}
    >
      <rect width="64" height="64" rx="14" fill="#3949ab" />
      <path d="M14 46 L50 18" stroke="#ffffff" strokeWidth="7" strokeLinecap="round" />
      <path d="M20 22 h24" stroke="#c5cae9" strokeWidth="6" strokeLinecap="round" />
    </Box>
  );
}

export function TasukiWordmark({ size = "medium" }: { size?: "medium" | "large" }) {
  const large = size === "large";
  return (
    <Box sx={{ display: "inline-flex", alignItems: "center", gap: large ? 1.25 : 1 }}>
      <TasukiMark size={large ? 40 : 28} />
      <Typography
        component="span"
        sx={{
          fontWeight: 800,
          fontSize: large ? "1.75rem" : "1.25rem",
          letterSpacing: "0.06em",
          color: "text.primary",
          lineHeight: 1,
        }}
      >
        Tasuki
      </Typography>
    </Box>
  );
}
