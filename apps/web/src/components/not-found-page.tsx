import SearchOffOutlined from "@mui/icons-material/SearchOffOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Link } from "@tanstack/react-router";
import { useDocumentTitle } from "./page-header.tsx";
import { TasukiWordmark } from "./tasuki-wordmark.tsx";

export function NotFoundPage() {
  useDocumentTitle("ページが見つかりません");
  return (
    <Box sx={{ minHeight: "100vh", display: "grid", placeItems: "center", bgcolor: "background.default", p: 3 }}>
      <Box sx={{ textAlign: "center", maxWidth: 480 }}>
        <TasukiWordmark />
        <Box
          aria-hidden
          sx={{
            mx: "auto",
            mt: 5,
            mb: 2,
            width: 72,
            height: 72,
            borderRadius: "50%",
            display: "grid",
            placeItems: "center",
            bgcolor: "rgba(57, 73, 171, 0.08)",
            color: "primary.main",
          }}
        >
          <SearchOffOutlined sx={{ fontSize: 36 }} />
        </Box>
        <Typography variant="h2" component="h1" sx={{ mt: 1 }}>
          ページが見つかりません
        </Typography>
        <Typography variant="body2" sx={{ color: "text.secondary", mt: 1.5 }}>
          お探しのページは移動または削除された可能性があります。URLに誤りがないかご確認ください。
        </Typography>
        <Button component={Link} to="/task" variant="contained" size="large" sx={{ mt: 4 }}>
          タスク一覧へ戻る
        </Button>
      </Box>
    </Box>
  );
}
