import ForumOutlined from "@mui/icons-material/ForumOutlined";
import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import type { TaskDetail } from "@tasuki/contract/task/task.schema";
import { useState } from "react";
import { ErrorState } from "../../../components/error-state.tsx";
import { useTaskComments } from "../api/list-task-comments.ts";
import { useCreateTaskComment } from "../api/new-task-comment.ts";
import { CommentEditor } from "./comment-editor.tsx";
import { CommentItem, taskPeople } from "./comment-item.tsx";
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
