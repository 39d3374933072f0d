import EventRepeatOutlined from "@mui/icons-material/EventRepeatOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { TaskDetail } from "@tasuki/contract/task/task.schema";
import type { TaskOccurrence } from "@tasuki/contract/task/task-periodic.contract";
import { useMemo, useState } from "react";
import { formatIsoDate, formatSlashDate, weekdayLabel } from "../../../lib/date.ts";
import { useDeleteTaskPeriodic } from "../api/delete-task-periodic.ts";
import { usePutTaskPeriodic } from "../api/put-task-periodic.ts";
import { defaultRuleDraft, PeriodicRuleEditor, storedRuleToDraft, validateRuleDraft } from "./periodic-rule-editor.tsx";
import { SectionTitle } from "./section-title.tsx";
import { useFieldDraft } from "./use-field-draft.ts";
import type { TaskSaver } from "./use-task-saver.ts";

/** Where a new rule starts: the task's deadline when it is still ahead, else today (Asia/Tokyo). */
function defaultStart(task: TaskDetail): string {
  const today = formatIsoDate(new Date());
  const deadline = task.expires_at ? formatIsoDate(task.expires_at) : null;
  return deadline && deadline > today ? deadline : today;
}

/**
 * The task's recurrence: the rule editor with its preview, saved with PUT …/periodic (which generates the
 * tasks of the next 60 days at once and lists them) and removed with DELETE (future, untouched occurrences
 * go to the trash; done or edited ones stay).
 */
export function TaskPeriodicSection({
  task,
  editable,
  saver,
}: {
  task: TaskDetail;
  editable: boolean;
  saver: TaskSaver;
}) {
  const stored = useMemo(() => storedRuleToDraft(task.periodic_rule), [task.periodic_rule]);
  // Fixed when the drawer opens: a deadline edited meanwhile must not reset a rule being drafted.
  const [start] = useState(() => defaultStart(task));
  const { draft, setDraft, reset, dirty } = useFieldDraft(stored ?? defaultRuleDraft(start));
  const [opened, setOpened] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  /** The generated tasks, as the last save answered them (the task itself does not carry them). */
  const [generated, setGenerated] = useState<TaskOccurrence[] | null>(null);
  const put = usePutTaskPeriodic();
  const remove = useDeleteTaskPeriodic();
  const validation = validateRuleDraft(draft);
  const hasRule = stored !== null;
  const busy = put.isPending || remove.isPending;

  const save = async () => {
    if (!validation.ok) return;
    const answer = await saver.run("periodic", () => put.mutateAsync({ id: task.id, rule: validation.rule }));
    if (answer) setGenerated(answer.occurrences);
  };
  const stop = async () => {
    setConfirmingRemoval(false);
    const answer = await saver.run("periodic", () => remove.mutateAsync(task.id));
    if (answer) {
      setGenerated(null);
      setOpened(false);
    }
  };

  const today = formatIsoDate(new Date());
  const upcoming = generated?.filter((occurrence) => occurrence.occurrence_date >= today) ?? null;

  return (
    <section aria-labelledby="task-periodic-title">
      <SectionTitle
        id="task-periodic-title"
        icon={<EventRepeatOutlined />}
        action={
          hasRule &&
          editable && (
            <Button size="small" color="error" disabled={busy} onClick={() => setConfirmingRemoval(true)}>
              繰り返しを解除
            </Button>
          )
        }
      >
        繰り返し
      </SectionTitle>

      {task.occurrence_date !== null ? (
        // A generated occurrence: the rule lives on the task it came from (the server refuses a rule here).
        <Typography
          variant="body2"
          sx={{ color: "text.secondary", border: 1, borderColor: "divider", borderRadius: 2, px: 2.5, py: 2 }}
        >
          このタスクは繰り返しの設定から作られた{formatSlashDate(task.occurrence_date)}（
          {weekdayLabel(task.occurrence_date)}）の回です。繰り返しの内容は、設定した元のタスクで変更できます。
        </Typography>
      ) : !hasRule && !opened ? (
        <Box
          sx={{
            border: 1,
            borderColor: "divider",
            borderStyle: "dashed",
            borderRadius: 2,
            px: 2.5,
            py: 2,
            display: "flex",
            alignItems: "center",
            gap: 2,
          }}
        >
          <Typography variant="body2" sx={{ color: "text.secondary", flex: 1 }}>
            このタスクは繰り返しません。毎週の定例や月末の締めなどは、繰り返しを設定すると今後60日分のタスクが自動で作成されます。
          </Typography>
          {editable && (
            <Button variant="outlined" onClick={() => setOpened(true)}>
              繰り返しを設定
            </Button>
          )}
        </Box>
      ) : (
        <Stack spacing={2}>
          <PeriodicRuleEditor
            workspaceId={task.workspace_id}
            value={draft}
            onChange={setDraft}
            disabled={!editable || busy}
          />
          {editable && (
            <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
              {(dirty || !hasRule) && (
                <Button
                  disabled={busy}
                  onClick={() => {
                    reset();
                    if (!hasRule) setOpened(false);
                  }}
                >
                  キャンセル
                </Button>
              )}
              <Button
                variant="contained"
                disabled={busy || !validation.ok || (hasRule && !dirty)}
                onClick={() => void save()}
              >
                {put.isPending ? "保存中…" : hasRule ? "繰り返しを保存" : "繰り返しを開始"}
              </Button>
            </Stack>
          )}
          {upcoming && (
            <Alert severity="success" variant="outlined" sx={{ "& .MuiAlert-message": { width: "100%" } }}>
              <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
                {upcoming.length > 0
                  ? `繰り返しを保存し、今後60日分のタスクを${upcoming.length}件作成しました`
                  : "繰り返しを保存しました（今後60日以内に作成するタスクはありません）"}
              </Typography>
              {upcoming.length > 0 && (
                <Box
                  component="ul"
                  aria-label="作成されたタスクの期限"
                  sx={{ m: 0, p: 0, listStyle: "none", display: "flex", flexWrap: "wrap", gap: 0.75 }}
                >
                  {upcoming.map((occurrence) => (
                    <Box
                      component="li"
                      key={occurrence.id}
                      sx={{
                        px: 1,
                        py: 0.25,
                        borderRadius: 1,
                        bgcolor: "background.paper",
                        border: 1,
                        borderColor: "divider",
                        fontSize: 13,
                        fontVariantNumeric: "tabular-nums",
                      }}
                    >
                      {formatSlashDate(occurrence.occurrence_date)}（{weekdayLabel(occurrence.occurrence_date)}）
                    </Box>
                  ))}
                </Box>
              )}
            </Alert>
          )}
        </Stack>
      )}

      <Dialog
        open={confirmingRemoval}
        onClose={() => setConfirmingRemoval(false)}
        aria-labelledby="stop-periodic-title"
      >
        <DialogTitle id="stop-periodic-title">繰り返しを解除しますか？</DialogTitle>
        <DialogContent>
          <DialogContentText>
            今後の未着手の繰り返しタスクはゴミ箱に移動します。完了したタスクや編集したタスクはそのまま残ります。
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmingRemoval(false)}>キャンセル</Button>
          <Button color="error" variant="contained" onClick={() => void stop()}>
            解除する
          </Button>
        </DialogActions>
      </Dialog>
    </section>
  );
}
