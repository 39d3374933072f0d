import ContentCopyOutlined from "@mui/icons-material/ContentCopyOutlined";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { formatJapaneseDate } from "../../../lib/date.ts";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { deleteCalendarFeed } from "../api/delete-calendar-feed.ts";
import { useCalendarFeed } from "../api/get-calendar-feed.ts";
import { meetingKeys } from "../api/meeting-keys.ts";
import { newCalendarFeed } from "../api/new-calendar-feed.ts";

/**
 * カレンダー連携: the caller's private feed URL of their meetings and task deadlines, for Google Calendar or
 * Outlook to subscribe to. The server keeps only a hash of the URL's token, so the URL is shown once, right
 * after it is made; 再発行 makes a new one (the old one stops working) and 停止 turns the feed off.
 */
export function CalendarFeedDialog({ workspaceId, onClose }: { workspaceId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const feed = useCalendarFeed(workspaceId, true);
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<"reissue" | "stop" | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: meetingKeys.calendarFeed(workspaceId) });

  const issue = async () => {
    setBusy(true);
    try {
      const made = await newCalendarFeed(workspaceId);
      setUrl(made.url);
      await refresh();
    } catch (error) {
      showErrorToast(error);
    } finally {
      setBusy(false);
    }
  };
  const stop = async () => {
    setBusy(true);
    try {
      await deleteCalendarFeed(workspaceId);
      setUrl(null);
      await refresh();
      showToast("カレンダー連携を停止しました");
    } catch (error) {
      showErrorToast(error);
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      showToast("URLをコピーしました", { type: "success" });
    } catch {
      showToast("コピーできませんでした。URLを選択してコピーしてください。", { type: "warning" });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>カレンダー連携</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          参加する会議と担当タスクの期限を、Google カレンダーや Outlook に表示できます。発行した URL をカレンダーの「URL
          で追加」（照会）に登録してください。
        </Typography>
        {feed.isPending ? (
          <Skeleton variant="rounded" height={56} />
        ) : feed.isError ? (
          <ErrorState error={feed.error} onRetry={() => void feed.refetch()} />
        ) : (
          <Stack spacing={2}>
            {url ? (
              <>
                <TextField
                  size="small"
                  label="あなた専用の URL"
                  value={url}
                  fullWidth
                  slotProps={{
                    htmlInput: { readOnly: true, onFocus: (e: { target: HTMLInputElement }) => e.target.select() },
                    input: {
                      endAdornment: (
                        <InputAdornment position="end">
                          <IconButton aria-label="URLをコピー" onClick={() => void copy()} edge="end">
                            <ContentCopyOutlined fontSize="small" />
                          </IconButton>
                        </InputAdornment>
                      ),
                    },
                  }}
                />
                <Alert severity="warning">
                  この URL は今だけ表示されます。知っている人は誰でもあなたの予定を見られるので、共有しないでください。
                </Alert>
              </>
            ) : feed.data.enabled ? (
              <Alert severity="success">
                連携中です（{formatJapaneseDate(feed.data.created_at!)}に発行）。URL を忘れたときは再発行してください。
              </Alert>
            ) : (
              <Alert severity="info">まだ連携していません。</Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {feed.data?.enabled && (
          <Button color="error" disabled={busy} onClick={() => setConfirming("stop")} sx={{ mr: "auto" }}>
            停止
          </Button>
        )}
        <Button onClick={onClose}>閉じる</Button>
        <Button
          variant="contained"
          disabled={busy || feed.isPending}
          onClick={() => (feed.data?.enabled ? setConfirming("reissue") : void issue())}
        >
          {feed.data?.enabled ? "URLを再発行" : "URLを発行"}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirming === "reissue"}
        title="URLを再発行しますか？"
        confirmLabel="再発行する"
        onConfirm={issue}
        onClose={() => setConfirming(null)}
      >
        今のURLは使えなくなります。カレンダーには新しいURLを登録し直してください。
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === "stop"}
        title="カレンダー連携を停止しますか？"
        confirmLabel="停止する"
        destructive
        onConfirm={stop}
        onClose={() => setConfirming(null)}
      >
        登録済みのカレンダーは更新されなくなります。
      </ConfirmDialog>
    </Dialog>
  );
}
