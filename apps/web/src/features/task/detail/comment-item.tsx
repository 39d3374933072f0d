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
import type { TaskComment } from "@tasuki/contract/task-comment/task-comment.schema";
import { useState } from "react";
import { PersonAvatar } from "../../../components/person-avatar.tsx";
import { formatDateTime } from "../../../lib/date.ts";
import { displayName } from "../../../lib/person.ts";
import { useDeleteTaskComment } from "../api/delete-task-comment.ts";
import { useUpdateTaskComment } from "../api/update-task-comment.ts";
import { CommentEditor, commentContentSx } from "./comment-editor.tsx";

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
export function taskPeople(task: TaskDetail, comments: readonly TaskComment[] = []) {
  return [task.assignee?.id, task.manager?.id, task.created_by, ...comments.map((comment) => comment.author?.id)];
}
