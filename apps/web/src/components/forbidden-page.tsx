import ArrowBackOutlined from "@mui/icons-material/ArrowBackOutlined";
import LockOutlined from "@mui/icons-material/LockOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useRouter } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useDocumentTitle } from "./page-header.tsx";
import { ButtonLink } from "./router-link.tsx";

export interface ForbiddenPageProps {
  /** What the page is, e.g. 権限ルール; said in the explanation. */
  pageName?: string;
  /** Who to ask, or which permission is missing; a default sentence otherwise. */
  description?: ReactNode;
}

/**
 * A friendly 403 inside the app's layout: the page exists but the caller's role may not open it.
 * Goes back where they came from, or to the task list when there is no history.
 */
export function ForbiddenPage({ pageName, description }: ForbiddenPageProps) {
  useDocumentTitle("権限がありません");
  const router = useRouter();
  const canGoBack = typeof window !== "undefined" && window.history.length > 1;
  return (
    <Paper
      variant="outlined"
      role="alert"
      sx={{ borderRadius: 3, px: { xs: 3, sm: 6 }, py: { xs: 6, sm: 8 }, textAlign: "center" }}
    >
      <Box
        aria-hidden
        sx={{
          mx: "auto",
          mb: 2,
          width: 72,
          height: 72,
          borderRadius: "50%",
          display: "grid",
          placeItems: "center",
          bgcolor: "rgba(183, 121, 31, 0.1)",
          color: "warning.main",
        }}
      >
        <LockOutlined sx={{ fontSize: 36 }} />
      </Box>
      <Typography variant="h3" component="h1" sx={{ mt: 1 }}>
        このページを表示する権限がありません
      </Typography>
      <Typography variant="body2" sx={{ color: "text.secondary", mt: 1.5, maxWidth: 520, mx: "auto" }}>
        {description ??
          `${pageName ? `「${pageName}」は、` : "このページは、"}権限のあるスタッフだけが表示できます。必要な場合は、ワークスペースのオーナーまたは管理者に権限の付与を依頼してください。`}
      </Typography>
      <Box sx={{ mt: 4, display: "flex", gap: 1.5, justifyContent: "center", flexWrap: "wrap" }}>
        {canGoBack && (
          <Button variant="outlined" startIcon={<ArrowBackOutlined />} onClick={() => router.history.back()}>
            前のページへ戻る
          </Button>
        )}
        <ButtonLink to="/task" variant="contained">
          タスク一覧へ
        </ButtonLink>
      </Box>
    </Paper>
  );
}
