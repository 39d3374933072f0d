import RefreshOutlined from "@mui/icons-material/RefreshOutlined";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import { apiErrorMessage } from "../lib/api-error-message.ts";

/** A failed load inside a page: what went wrong, and a way to try again. */
export function ErrorState({
  error,
  title = "読み込みに失敗しました",
  onRetry,
}: {
  error: unknown;
  title?: string;
  onRetry?: () => void;
}) {
  return (
    <Alert
      severity="error"
      variant="outlined"
      sx={{ bgcolor: "background.paper", alignItems: "flex-start" }}
      action={
        onRetry && (
          <Button color="inherit" size="small" startIcon={<RefreshOutlined />} onClick={onRetry}>
            再読み込み
          </Button>
        )
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {apiErrorMessage(error)}
    </Alert>
  );
}
