import ErrorOutlineOutlined from "@mui/icons-material/ErrorOutlineOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ErrorComponentProps } from "@tanstack/react-router";
import { apiErrorMessage } from "../lib/api-error-message.ts";
import { useDocumentTitle } from "./page-header.tsx";
import { TasukiWordmark } from "./tasuki-wordmark.tsx";

/** The error boundary of the app: what happened, in words, and two ways out. */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  useDocumentTitle("エラーが発生しました");
  return (
    <Box sx={{ minHeight: "100vh", display: "grid", placeItems: "center", bgcolor: "background.default", p: 3 }}>
      <Box sx={{ textAlign: "center", maxWidth: 560, width: "100%" }}>
        <TasukiWordmark />
        <Box aria-hidden sx={{ mt: 5, mb: 2, color: "error.main" }}>
          <ErrorOutlineOutlined sx={{ fontSize: 56 }} />
        </Box>
        <Typography variant="h2" component="h1">
          エラーが発生しました
        </Typography>
        <Typography variant="body2" sx={{ color: "text.secondary", mt: 1.5 }}>
          画面の表示中に問題が発生しました。再読み込みしても解決しない場合は、お手数ですがお問い合わせください。
        </Typography>
        <Paper
          variant="outlined"
          sx={{
            mt: 3,
            p: 2,
            textAlign: "left",
            bgcolor: "#fafbfd",
            fontSize: 13,
            color: "text.secondary",
            wordBreak: "break-all",
          }}
        >
          {apiErrorMessage(error)}
        </Paper>
        <Box sx={{ mt: 4, display: "flex", gap: 1.5, justifyContent: "center", flexWrap: "wrap" }}>
          <Button
            variant="contained"
            size="large"
            onClick={() => {
              reset();
              window.location.reload();
            }}
          >
            再読み込み
          </Button>
          <Button variant="outlined" size="large" href="/task">
            タスク一覧へ戻る
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
