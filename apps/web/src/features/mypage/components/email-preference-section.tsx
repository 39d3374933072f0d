import Divider from "@mui/material/Divider";
import FormControlLabel from "@mui/material/FormControlLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import type { EmailNotificationMode } from "@tasuki/contract/notification/notification.schema";
import { useState } from "react";
import { ErrorState } from "../../../components/error-state.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { showToast } from "../../../lib/toast.tsx";
import { useNotificationPreference } from "../../notification/api/get-notification-preference.ts";
import {
  type NotificationPreferenceBody,
  usePutNotificationPreference,
} from "../../notification/api/put-notification-preference.ts";

const OPTIONS: { value: EmailNotificationMode; label: string; hint: string }[] = [
  { value: "immediately", label: "すぐに受け取る", hint: "通知が届くたびに1通ずつメールでお知らせします。" },
  {
    value: "daily_digest",
    label: "毎朝まとめて受け取る",
    hint: "前日からの通知を、毎朝9時に1通のメールにまとめてお送りします。",
  },
  { value: "none", label: "受け取らない", hint: "メールは送りません。通知はヘッダーのベルで確認できます。" },
];

/** メール通知: how the person's notifications reach their mailbox (for all their workspaces). */
export function EmailPreferenceSection() {
  const preference = useNotificationPreference();
  const save = usePutNotificationPreference();
  // The choice being saved shows from the click on: the mutation's own pending state reaches React a moment
  // later, and in between the controlled radio would snap back to the stored value.
  const [draft, setDraft] = useState<NotificationPreferenceBody | null>(null);
  const value = draft?.email ?? preference.data?.email;
  const weekly = draft?.weekly_report ?? preference.data?.weekly_report ?? true;
  const choose = (body: NotificationPreferenceBody, saved: string) => {
    setDraft(body);
    save.mutate(body, {
      onSuccess: () => showToast(saved, { type: "success" }),
      // Saved: the cache holds the answer by now. Refused: the stored value shows again.
      onSettled: () => setDraft(null),
    });
  };

  return (
    <SectionCard
      title="メール通知"
      description="タスクの担当・完了・ステータス変更と期限のお知らせを、登録メールアドレスに送る方法を選びます。すべてのワークスペースに共通の設定です。"
    >
      <div id="notification-settings" />
      {preference.isPending && <Skeleton variant="rounded" height={120} sx={{ maxWidth: 560 }} />}
      {preference.isError && <ErrorState error={preference.error} onRetry={() => void preference.refetch()} />}
      {preference.data && (
        <RadioGroup
          aria-label="メール通知の受け取り方"
          value={value}
          onChange={(_, next) => choose({ email: next as EmailNotificationMode }, "メール通知の設定を保存しました")}
        >
          <Stack spacing={1}>
            {OPTIONS.map((option) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
                disabled={save.isPending}
                control={<Radio />}
                sx={{ alignItems: "flex-start", m: 0, "& .MuiRadio-root": { mt: -0.75 } }}
                label={
                  <>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {option.label}
                    </Typography>
                    <Typography variant="caption" sx={{ color: "text.secondary" }}>
                      {option.hint}
                    </Typography>
                  </>
                }
              />
            ))}
          </Stack>
        </RadioGroup>
      )}
      <Typography variant="caption" component="p" sx={{ color: "text.secondary", mt: 2 }}>
        期限のお知らせのタイミング（当日・数日前）とメールで受け取るかどうかは、タスクごとの通知設定で決まります。
      </Typography>
      {preference.data && (
        <>
          <Divider sx={{ my: 2 }} />
          <FormControlLabel
            control={
              <Switch
                checked={weekly}
                disabled={save.isPending}
                onChange={(_, checked) =>
                  choose(
                    { weekly_report: checked },
                    checked ? "週次レポートを受け取ります" : "週次レポートを停止しました",
                  )
                }
              />
            }
            sx={{ alignItems: "flex-start", m: 0, "& .MuiSwitch-root": { mt: -0.75, ml: -1 } }}
            label={
              <>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  週次レポートを受け取る
                </Typography>
                <Typography variant="caption" component="p" sx={{ color: "text.secondary" }}>
                  毎週月曜9時に、あなたが管理者のタスクの先週の作成・完了・期限内完了率と、期限切れのタスクをメールでお送りします（分析を利用できるプランのワークスペースのみ）。
                </Typography>
              </>
            }
          />
        </>
      )}
    </SectionCard>
  );
}
