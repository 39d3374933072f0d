import ForumOutlined from "@mui/icons-material/ForumOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import type { TaskDetail } from "@tasuki/contract/task/task.schema";
import type { TaskComment } from "@tasuki/contract/task-comment/task-comment.schema";
import { useState } from "react";
import { ErrorState } from "../../../components/error-state.tsx";
import { PersonAvatar } from "../../../components/person-avatar.tsx";
import { formatDateTime } from "../../../lib/date.ts";
import { displayName } from "../../../lib/person.ts";
import {
  useCreateTaskComment,
  useDeleteTaskComment,
  useTaskComments,
  useUpdateTaskComment,
} from "./api/task-comments-api.ts";
import { CommentEditor, commentContentSx } from "./comment-editor.tsx";
import { SectionTitle } from "./section-title.tsx";
import { TaskActivityTimeline } from "./task-activity.tsx";

/**
 * コメント and アクティビティ of the drawer, as Backlog and Asana show them: the conversation by default, newest
 * last with the editor under it, and the whole timeline (comments interleaved with status and field changes)
 * one tab away. Both follow other people's writes live (realtime refreshes their queries).
 */
export function TaskConversation({ task }: { task: TaskDetail }) {
  const [tab, setTab] = useState<"comments" | "activity">("comments");
  const comments = useTaskComments(task.id);
  const count = comments.data?.items.length;
  return (
    <section aria-labelledby="task-conversation-title">
      <SectionTitle id="task-conversation-title" icon={<ForumOutlined />}>
        コメント・アクティビティ
      </SectionTitle>
      <Tabs
        value={tab}
        onChange={(_, value) => setTab(value)}
        sx={{ minHeight: 40, mb: 2, borderBottom: 1, borderColor: "divider" }}
      >
        <Tab value="comments" label={count ? `コメント（${count}）` : "コメント"} sx={{ minHeight: 40, py: 0 }} />
        <Tab value="activity" label="アクティビティ" sx={{ minHeight: 40, py: 0 }} />
      </Tabs>
      {tab === "comments" ? <CommentList task={task} query={comments} /> : <TaskActivityTimeline task={task} />}
      {task.deleted_at === null && <NewComment task={task} />}
    </section>
  );
}

function CommentList({ task, query }: { task: TaskDetail; query: ReturnType<typeof useTaskComments> }) {
  if (query.isPending) {
    return (
      <Stack spacing={1.5} sx={{ mb: 2 }}>
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <ErrorState error={query.error} title="コメントを読み込めませんでした" onRetry={() => void query.refetch()} />
    );
  }
  if (!query.data.items.length) {
    return (
      <Typography variant="body2" sx={{ color: "text.secondary", mb: 2 }}>
        まだコメントはありません。気づいたことや確認したいことを書き込みましょう。
      </Typography>
    );
  }
  return (
    <Box component="ol" aria-label="コメント" sx={{ listStyle: "none", m: 0, p: 0, mb: 2 }}>
      {query.data.items.map((comment) => (
        <CommentItem key={comment.id} task={task} comment={comment} />
      ))}
    </Box>
  );
}

/** One comment: author, Tokyo time (編集済み), the text with its mention chips, and 編集 / 削除 where allowed. */
export function CommentItem({ task, comment }: { task: TaskDetail; comment: TaskComment }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateTaskComment(task.id);
  const remove = useDeleteTaskComment(task.id);
  return (
    <Box
      component="li"
      aria-label={`${comment.author ? displayName(comment.author) : "削除されたスタッフ"}のコメント`}
      sx={{ display: "grid", gridTemplateColumns: "32px minmax(0, 1fr)", columnGap: 1.5, py: 1.25 }}
    >
      {comment.author ? (
        <PersonAvatar person={comment.author} size={32} />
      ) : (
        <Box sx={{ width: 32, height: 32, borderRadius: "50%", bgcolor: "grey.200" }} />
      )}
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "baseline", flexWrap: "wrap" }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {comment.author ? displayName(comment.author) : "削除されたスタッフ"}
          </Typography>
          <Typography
            variant="caption"
            component="time"
            dateTime={comment.created_at}
            sx={{ color: "text.secondary", fontVariantNumeric: "tabular-nums" }}
          >
            {formatDateTime(comment.created_at)}
          </Typography>
          {comment.edited_at && (
            <Typography variant="caption" sx={{ color: "text.secondary" }}>
              （編集済み）
            </Typography>
          )}
          <Box sx={{ flex: 1 }} />
          {!editing && comment.can_edit && (
            <Button size="small" sx={{ minWidth: 0, py: 0 }} onClick={() => setEditing(true)}>
              編集
            </Button>
          )}
          {!editing && comment.can_delete && (
            <Button size="small" color="error" sx={{ minWidth: 0, py: 0 }} onClick={() => setConfirming(true)}>
              削除
            </Button>
          )}
        </Stack>
        {editing ? (
          <Box sx={{ mt: 0.5 }}>
            <CommentEditor
              workspaceId={task.workspace_id}
              firstIds={taskPeople(task)}
              initialHtml={comment.body}
              submitLabel="保存"
              busy={update.isPending}
              autoFocus
              onCancel={() => setEditing(false)}
              onSubmit={async (body) => {
                const saved = await update.mutateAsync({ id: comment.id, body }).then(
                  () => true,
                  () => false,
                );
                if (saved) setEditing(false);
                return saved;
              }}
            />
          </Box>
        ) : (
          <Box
            sx={{ ...commentContentSx, mt: 0.25 }}
            // Sanitised by the server's allow-list (no scripts, handlers or javascript: links).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server stores only allow-listed HTML
            dangerouslySetInnerHTML={{ __html: comment.body }}
          />
        )}
      </Box>
      <Dialog open={confirming} onClose={() => setConfirming(false)} maxWidth="xs" fullWidth>
        <DialogTitle>コメントを削除しますか？</DialogTitle>
        <DialogContent>
          <DialogContentText>
            削除したコメントは元に戻せません。アクティビティには削除したことが残ります。
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>キャンセル</Button>
          <Button
            color="error"
            variant="contained"
            disableElevation
            disabled={remove.isPending}
            onClick={() => remove.mutate(comment.id, { onSettled: () => setConfirming(false) })}
          >
            削除する
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** The task's own people, offered first in the mention list: assignee, manager, creator and those who commented. */
function taskPeople(task: TaskDetail, comments: readonly TaskComment[] = []) {
  return [task.assignee?.id, task.manager?.id, task.created_by, ...comments.map((comment) => comment.author?.id)];
}

function NewComment({ task }: { task: TaskDetail }) {
  const create = useCreateTaskComment(task.id);
  const comments = useTaskComments(task.id);
  return (
    <CommentEditor
      workspaceId={task.workspace_id}
      firstIds={taskPeople(task, comments.data?.items)}
      submitLabel="コメントする"
      busy={create.isPending}
      onSubmit={(body) =>
        create.mutateAsync(body).then(
          () => true,
          () => false,
        )
      }
    />
  );
}
