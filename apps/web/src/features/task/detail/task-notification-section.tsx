import NotificationsNoneOutlined from "@mui/icons-material/NotificationsNoneOutlined";
import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormLabel from "@mui/material/FormLabel";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { TaskDetail } from "@tasuki/contract/task/task.schema";
import { useDeliverableServices } from "../../external-service/api/use-deliverable-services.ts";
import type { TaskPatch } from "../api/update-task.ts";
import { reminderNote } from "./reminder-note.ts";
import { SectionTitle } from "./section-title.tsx";
import { useFieldDraft } from "./use-field-draft.ts";

type Notification = NonNullable<TaskPatch["notification"]>;
type Remind = Notification["remind"];
type Channel = keyof Notification["channels"];

const REMIND_LABELS: Record<Remind, string> = {
  none: "通知しない",
  on_the_day: "期限の当日",
  days_before: "期限の数日前",
};
const CHANNELS: { key: Channel; label: string }[] = [
  { key: "in_app", label: "アプリ内" },
  { key: "email", label: "メール" },
  { key: "slack", label: "Slack" },
  { key: "chatwork", label: "Chatwork" },
];

/** A task without settings reminds no one, and would do so in the app first. */
const DEFAULT_NOTIFICATION: Notification = {
  remind: "none",
  days: null,
  channels: { in_app: true, email: false, slack: false, chatwork: false },
};

const DAYS_PATTERN = /^\d{1,3}$/;

/**
 * The reminder before the deadline and its channels (DOMAIN.md), stored through PATCH. The daily 09:00 job
 * sends them by the chosen channels; Slack and Chatwork only where the workspace is connected (decision 0020).
 */
export function TaskNotificationSection({
  task,
  editable,
  onSave,
}: {
  task: TaskDetail;
  editable: boolean;
  onSave: (notification: Notification) => Promise<boolean>;
}) {
  const saved: Notification = task.notification ?? DEFAULT_NOTIFICATION;
  // Slack / Chatwork boxes only where the workspace can deliver there (connected, premium).
  const deliverable = useDeliverableServices(task.workspace_id);
  const days = useFieldDraft(saved.days === null ? "1" : String(saved.days));
  const daysError =
    saved.remind === "days_before" &&
    (!DAYS_PATTERN.test(days.draft) || Number(days.draft) < 1 || Number(days.draft) > 365)
      ? "1〜365の数字で入力してください"
      : undefined;

  const hasChannel = Object.values(saved.channels).some(Boolean);

  const save = (next: Partial<Notification>) => {
    const merged = { ...saved, ...next };
    return onSave({ ...merged, days: merged.remind === "days_before" ? (merged.days ?? 1) : null });
  };

  return (
    <section aria-labelledby="task-notification-title">
      <SectionTitle id="task-notification-title" icon={<NotificationsNoneOutlined />}>
        通知
      </SectionTitle>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "flex-start" }}>
          <TextField
            select
            label="リマインド"
            value={saved.remind}
            disabled={!editable}
            onChange={(event) => {
              const remind = event.target.value as Remind;
              void save({ remind, days: remind === "days_before" ? Number(days.draft) || 1 : null });
            }}
            sx={{ width: 200 }}
          >
            {(Object.keys(REMIND_LABELS) as Remind[]).map((remind) => (
              <MenuItem key={remind} value={remind}>
                {REMIND_LABELS[remind]}
              </MenuItem>
            ))}
          </TextField>
          {saved.remind === "days_before" && (
            <TextField
              label="何日前"
              value={days.draft}
              disabled={!editable}
              error={Boolean(daysError)}
              helperText={daysError}
              onChange={(event) => days.setDraft(event.target.value)}
              onBlur={async () => {
                if (!days.dirty || daysError) return;
                if (!(await save({ days: Number(days.draft) }))) days.reset();
              }}
              slotProps={{
                htmlInput: { inputMode: "numeric" },
                input: {
                  endAdornment: (
                    <Typography
                      component="span"
                      variant="body2"
                      sx={{ color: "text.secondary", pl: 0.5, whiteSpace: "nowrap" }}
                    >
                      日前
                    </Typography>
                  ),
                },
              }}
              sx={{ width: 140 }}
            />
          )}
        </Stack>
        <FormControl component="fieldset" disabled={!editable || saved.remind === "none"}>
          <FormLabel component="legend" sx={{ fontSize: 13, mb: 0.25 }}>
            通知方法
          </FormLabel>
          <FormGroup row>
            {CHANNELS.map((channel) => (
              <FormControlLabel
                key={channel.key}
                label={channel.label}
                // `undefined` keeps the fieldset's own disabled state (not editable, no reminder).
                disabled={
                  (channel.key === "slack" || channel.key === "chatwork") && !deliverable.has(channel.key)
                    ? true
                    : undefined
                }
                control={
                  <Checkbox
                    size="small"
                    checked={saved.channels[channel.key] ?? false}
                    onChange={(event) =>
                      void save({ channels: { ...saved.channels, [channel.key]: event.target.checked } })
                    }
                  />
                }
              />
            ))}
          </FormGroup>
        </FormControl>
        <Typography
          variant="caption"
          aria-live="polite"
          data-testid="reminder-note"
          sx={{
            color: saved.remind !== "none" && (!task.expires_at || !hasChannel) ? "warning.dark" : "text.secondary",
          }}
        >
          {reminderNote(saved, Boolean(task.expires_at))}
          {(saved.channels.slack || saved.channels.chatwork) &&
            " Slack・Chatworkは、担当者が自分のアカウントを連携しているときに届きます。"}
        </Typography>
      </Stack>
    </section>
  );
}
