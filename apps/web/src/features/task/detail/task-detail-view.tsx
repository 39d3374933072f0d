import CheckCircleOutlineOutlined from "@mui/icons-material/CheckCircleOutlineOutlined";
import CloseOutlined from "@mui/icons-material/CloseOutlined";
import HistoryOutlined from "@mui/icons-material/HistoryOutlined";
import TuneOutlined from "@mui/icons-material/TuneOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import type { TaskDetail, TaskStatus } from "@tasuki/contract/task/task.schema";
import { taskPatchSchema } from "@tasuki/contract/task/task.schema";
import type { ReactNode } from "react";
import { formatDateTime } from "../../../lib/date.ts";
import { hasPermission } from "../../../session/permissions.ts";
import { useSession } from "../../../session/session.ts";
import { usePutTaskStatus } from "../api/put-task-status.ts";
import { type TaskPatch, useUpdateTaskDetail } from "../api/update-task.ts";
import { SectionTitle } from "./section-title.tsx";
import { TaskAttachmentsSection } from "./task-attachments.tsx";
import { TaskConversation } from "./task-comments.tsx";
import { TaskDescriptionSection } from "./task-description-section.tsx";
import { allowedStatusTargets, canEditTask, type TaskViewer } from "./task-detail-rules.ts";
import { TaskNotificationSection } from "./task-notification-section.tsx";
import { TaskPeriodicSection } from "./task-periodic-section.tsx";
import { TaskProperties } from "./task-properties.tsx";
import { TaskStatusHistory } from "./task-status-history.tsx";
import { TaskStatusSelect } from "./task-status-select.tsx";
import { TaskWatchButton } from "./task-watch-button.tsx";
import { useFieldDraft } from "./use-field-draft.ts";
import { type SaveState, useTaskSaver } from "./use-task-saver.ts";

function useTaskViewer(): TaskViewer {
  const session = useSession();
  const staff = session.status === "signed_in" ? session.workspaceUser : null;
  return { staffId: staff?.id ?? null, viewAllTasks: hasPermission(staff, "view_all_tasks") };
}

/** A loaded task in the drawer: every field editable by those who may, each change saved at once. */
export function TaskDetailView({ task, onClose }: { task: TaskDetail; onClose: () => void }) {
  const viewer = useTaskViewer();
  const saver = useTaskSaver();
  const update = useUpdateTaskDetail();
  const status = usePutTaskStatus();
  const inTrash = task.deleted_at !== null;
  const editable = canEditTask(task, viewer) && !inTrash;
  const targets = editable ? allowedStatusTargets(task, viewer) : [];

  const save = async (field: string, patch: TaskPatch) =>
    (await saver.run(field, () => update.mutateAsync({ id: task.id, body: patch }))) !== null;
  const changeStatus = (to: TaskStatus) =>
    void saver.run("status", () => status.mutateAsync({ id: task.id, status: to }));

  return (
    // flexShrink 0: the content grows past the drawer's height, so the sticky header stays for the whole scroll.
    <Box sx={{ display: "flex", flexDirection: "column", minHeight: "100%", flexShrink: 0 }}>
      <Box
        component="header"
        sx={{
          position: "sticky",
          top: 0,
          zIndex: 2,
          bgcolor: "background.paper",
          borderBottom: 1,
          borderColor: "divider",
          px: { xs: 2, sm: 3 },
          pt: 1.5,
          pb: 2,
        }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1, minHeight: 36 }}>
          <Typography variant="overline" sx={{ color: "text.secondary", letterSpacing: 1 }}>
            タスク詳細
          </Typography>
          <Box sx={{ flex: 1 }} />
          <SaveIndicator state={saver.state} />
          <TaskWatchButton taskId={task.id} />
          <Tooltip title="閉じる">
            <IconButton onClick={onClose} aria-label="閉じる" edge="end">
              <CloseOutlined />
            </IconButton>
          </Tooltip>
        </Stack>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
          <TitleField task={task} editable={editable} save={save} />
          <TaskStatusSelect task={task} targets={targets} onChange={changeStatus} />
        </Stack>
        {saver.state.kind === "error" && (
          <Alert severity="error" onClose={saver.dismissError} sx={{ mt: 1.5 }} role="alert">
            保存できませんでした。{saver.state.message}
          </Alert>
        )}
      </Box>

      <Stack spacing={4} sx={{ px: { xs: 2, sm: 3 }, py: 3, flex: 1 }} divider={<Divider flexItem />}>
        {(inTrash || !editable) && (
          <Alert severity={inTrash ? "warning" : "info"} variant="outlined">
            {inTrash
              ? "このタスクはゴミ箱にあります。編集するには元に戻してください。"
              : "このタスクは閲覧のみです。編集できるのは作成者・担当者・管理者です。"}
          </Alert>
        )}
        <Section id="task-properties-title" icon={<TuneOutlined />} title="基本情報">
          <TaskProperties task={task} editable={editable} save={save} />
        </Section>
        <TaskDescriptionSection
          task={task}
          editable={editable}
          saver={saver}
          onSave={(description) => save("description", { description })}
        />
        <TaskAttachmentsSection task={task} />
        <TaskPeriodicSection task={task} editable={editable} saver={saver} />
        <TaskNotificationSection
          task={task}
          editable={editable}
          onSave={(notification) => save("notification", { notification })}
        />
        <Section id="task-history-title" icon={<HistoryOutlined />} title="ステータス履歴">
          <TaskStatusHistory history={task.status_history} />
        </Section>
        <TaskConversation task={task} />
        <Typography variant="caption" sx={{ color: "text.secondary" }}>
          作成 {formatDateTime(task.created_at)}・最終更新 {formatDateTime(task.updated_at)}
        </Typography>
      </Stack>
    </Box>
  );
}

function Section({ id, icon, title, children }: { id: string; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <SectionTitle id={id} icon={icon}>
        {title}
      </SectionTitle>
      {children}
    </section>
  );
}

const titleSchema = taskPatchSchema.shape.title;

/** The title, saved on Enter or when it loses focus; an empty one is refused here with the server's words. */
function TitleField({
  task,
  editable,
  save,
}: {
  task: TaskDetail;
  editable: boolean;
  save: (field: string, patch: TaskPatch) => Promise<boolean>;
}) {
  const { draft, setDraft, reset, dirty } = useFieldDraft(task.title);
  const check = titleSchema.safeParse(draft);
  const error = check.success ? undefined : check.error.issues[0]?.message;
  const commit = async () => {
    if (!dirty || !check.success) return;
    if (check.data === task.title) return reset();
    if (!(await save("title", { title: check.data }))) reset();
  };
  return (
    <TextField
      fullWidth
      multiline
      maxRows={3}
      value={draft}
      disabled={!editable}
      error={Boolean(error)}
      helperText={error}
      onChange={(event) => setDraft(event.target.value.replace(/\n/g, ""))}
      onBlur={() => void commit()}
      onKeyDown={(event) => {
        if (event.key === "Enter" && !event.nativeEvent.isComposing) {
          event.preventDefault();
          (event.target as HTMLElement).blur();
        }
        if (event.key === "Escape" && dirty) {
          event.stopPropagation();
          reset();
        }
      }}
      variant="standard"
      slotProps={{
        htmlInput: { "aria-label": "タスク名", sx: { fontSize: 22, fontWeight: 700, lineHeight: 1.4 } },
      }}
    />
  );
}

function SaveIndicator({ state }: { state: SaveState }) {
  const content =
    state.kind === "saving" ? (
      <>
        <CircularProgress size={14} />
        保存中…
      </>
    ) : state.kind === "saved" ? (
      <>
        <CheckCircleOutlineOutlined sx={{ fontSize: 16, color: "success.main" }} />
        保存しました
      </>
    ) : null;
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: "flex", alignItems: "center", gap: 0.75, fontSize: 13, color: "text.secondary", mr: 1 }}
    >
      {content}
    </Box>
  );
}
