import VisibilityOffOutlined from "@mui/icons-material/VisibilityOffOutlined";
import VisibilityOutlined from "@mui/icons-material/VisibilityOutlined";
import AvatarGroup from "@mui/material/AvatarGroup";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import { PersonAvatar } from "../../../components/person-avatar.tsx";
import { displayName } from "../../../lib/person.ts";
import { useTaskWatchers } from "../api/list-task-watchers.ts";
import { useSetWatching } from "../api/put-task-watcher.ts";

/**
 * ウォッチ: follow the task's comments. The button says whether the caller watches; the avatars (with every
 * name in the tooltip) who else does.
 */
export function TaskWatchButton({ taskId }: { taskId: string }) {
  const watchers = useTaskWatchers(taskId);
  const set = useSetWatching(taskId);
  const data = watchers.data;
  const watching = data?.watching ?? false;
  const names = data?.items.map(displayName).join("、");
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: "center" }}>
      {data && data.items.length > 0 && (
        <Tooltip title={`ウォッチ中：${names}`}>
          <Box aria-label={`ウォッチしている人 ${data.items.length}人`} sx={{ display: { xs: "none", sm: "block" } }}>
            <AvatarGroup max={3} sx={{ "& .MuiAvatar-root": { width: 24, height: 24, fontSize: 11, borderWidth: 1 } }}>
              {data.items.map((person) => (
                <PersonAvatar key={person.id} person={person} size={24} />
              ))}
            </AvatarGroup>
          </Box>
        </Tooltip>
      )}
      <Tooltip title={watching ? "ウォッチをやめる" : "コメントの通知を受け取る"}>
        <span>
          <Button
            size="small"
            variant={watching ? "contained" : "outlined"}
            disableElevation
            color={watching ? "primary" : "inherit"}
            aria-pressed={watching}
            disabled={!data || set.isPending}
            startIcon={watching ? <VisibilityOutlined /> : <VisibilityOffOutlined />}
            onClick={() => set.mutate(!watching)}
            sx={{ whiteSpace: "nowrap", borderColor: "divider" }}
          >
            {watching ? "ウォッチ中" : "ウォッチ"}
            {data ? `（${data.items.length}）` : ""}
          </Button>
        </span>
      </Tooltip>
    </Stack>
  );
}
