import ArrowForwardOutlined from "@mui/icons-material/ArrowForwardOutlined";
import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { TaskDetail } from "@tasuki/contract/task/task.schema";
import type { TaskActivity } from "@tasuki/contract/task-comment/task-comment.schema";
import { ErrorState } from "../../../components/error-state.tsx";
import { PersonAvatar } from "../../../components/person-avatar.tsx";
import { formatDateTime } from "../../../lib/date.ts";
import { displayName } from "../../../lib/person.ts";
import { useTaskActivity } from "../api/list-task-activity.ts";
import { CommentItem } from "./comment-item.tsx";
import { StatusBadge } from "./task-status-select.tsx";

const SUMMARY: Record<Exclude<TaskActivity["kind"], "comment">, string> = {
  comment_deleted: "コメントを削除しました",
  status: "ステータスを変更しました",
  created: "タスクを作成しました",
  updated: "タスクを編集しました",
  deleted: "タスクをゴミ箱に移動しました",
  restored: "タスクをゴミ箱から元に戻しました",
};

/** アクティビティ: comments interleaved with status and field changes, oldest first (newest last, by the editor). */
export function TaskActivityTimeline({ task }: { task: TaskDetail }) {
  const activity = useTaskActivity(task.id, true);
  if (activity.isPending) {
    return (
      <Stack spacing={1.5} sx={{ mb: 2 }}>
        <Skeleton variant="rounded" height={40} />
        <Skeleton variant="rounded" height={40} />
      </Stack>
    );
  }
  if (activity.isError) {
    return (
      <ErrorState
        error={activity.error}
        title="アクティビティを読み込めませんでした"
        onRetry={() => void activity.refetch()}
      />
    );
  }
  return (
    <Box component="ol" aria-label="アクティビティ" sx={{ listStyle: "none", m: 0, p: 0, mb: 2 }}>
      {activity.data.items.map((item) =>
        item.kind === "comment" && item.comment ? (
          <CommentItem key={item.id} task={task} comment={item.comment} />
        ) : (
          <ActivityLine key={item.id} item={item} />
        ),
      )}
    </Box>
  );
}

function ActivityLine({ item }: { item: TaskActivity }) {
  // A change without a person (a job, the sample data) is the system's: 「システムが…」, not 「システムさんが…」.
  const who = item.actor ? displayName(item.actor) : "システム";
  const honorific = item.actor ? "さんが" : "が";
  return (
    <Box
      component="li"
      sx={{
        display: "grid",
        gridTemplateColumns: "32px minmax(0, 1fr)",
        columnGap: 1.5,
        py: 0.75,
        alignItems: "start",
      }}
    >
      <Box sx={{ display: "flex", justifyContent: "center", pt: 0.25 }}>
        {item.actor ? (
          <PersonAvatar person={item.actor} size={22} />
        ) : (
          <Box sx={{ width: 22, height: 22, borderRadius: "50%", bgcolor: "grey.200" }} />
        )}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            <Box component="span" sx={{ fontWeight: 600, color: "text.primary" }}>
              {who}
            </Box>
            {honorific}
            {SUMMARY[item.kind as keyof typeof SUMMARY]}
          </Typography>
          {item.kind === "status" && item.from_status && item.to_status && (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
              <StatusBadge status={item.from_status} />
              <ArrowForwardOutlined sx={{ fontSize: 14, color: "text.secondary" }} aria-label="から" />
              <StatusBadge status={item.to_status} />
            </Stack>
          )}
          <Typography
            variant="caption"
            component="time"
            dateTime={item.at}
            sx={{ color: "text.secondary", fontVariantNumeric: "tabular-nums" }}
          >
            {formatDateTime(item.at)}
          </Typography>
        </Stack>
        {item.changes.length > 0 && (
          <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, mt: 0.25 }}>
            {item.changes.map((change) => (
              <Typography
                key={change.field}
                component="li"
                variant="caption"
                sx={{ display: "block", color: "text.secondary" }}
              >
                <Box component="span" sx={{ fontWeight: 600 }}>
                  {change.label}
                </Box>
                ：
                {change.from === null && change.to === null
                  ? "変更しました"
                  : `${change.from ?? "（なし）"} → ${change.to ?? "（なし）"}`}
              </Typography>
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}
