import AddOutlined from "@mui/icons-material/AddOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import type { MeetingDetail } from "@tasuki/contract/meeting/meeting.schema";
import { useState } from "react";
import type { PersonRef } from "../../../components/person-avatar.tsx";
import { StaffPicker } from "../../../components/staff-picker.tsx";
import { formatSlashDate } from "../../../lib/date.ts";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { newTask } from "../../task/api/new-task.ts";
import { meetingKeys } from "../api/meeting-keys.ts";
import { carriedChip } from "./meeting-chips.tsx";

/** アクションアイテム: tasks of the meeting (and open ones of earlier occurrences), made here with an assignee and deadline. */
export function ActionItems({ meeting }: { meeting: MeetingDetail }) {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState("");
  const [assignee, setAssignee] = useState<PersonRef | null>(null);
  const [deadline, setDeadline] = useState("");
  const writable = meeting.can_write_minutes && !meeting.deleted_at;
  const add = async () => {
    if (!title.trim()) return;
    try {
      await newTask({
        workspace_id: meeting.workspace_id,
        title: title.trim(),
        meeting_id: meeting.id,
        ...(assignee && { assignee_id: assignee.id }),
        ...(deadline && { expires_at: deadline }),
      });
      setTitle("");
      setAssignee(null);
      setDeadline("");
      await queryClient.invalidateQueries({ queryKey: meetingKeys.detail(meeting.id) });
      showToast("アクションアイテムを追加しました", { type: "success" });
    } catch (error) {
      showErrorToast(error);
    }
  };
  return (
    <Box>
      <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        アクションアイテム
      </Typography>
      {meeting.action_items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          アクションアイテムはまだありません。
        </Typography>
      ) : (
        <Stack spacing={0.75}>
          {meeting.action_items.map((task) => (
            <Box key={task.id}>
              <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
                <Typography
                  variant="body2"
                  sx={{
                    fontWeight: 600,
                    textDecoration: task.status === "done" || task.status === "closed" ? "line-through" : undefined,
                  }}
                >
                  {task.title}
                </Typography>
                {task.carried_over && carriedChip}
              </Stack>
              <Typography variant="caption" color="text.secondary">
                {task.assignee ? `${task.assignee.last_name} ${task.assignee.first_name}` : "担当者なし"}
                {task.expires_at && `・期限 ${formatSlashDate(task.expires_at)}`}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
      {writable && (
        <Stack spacing={1} sx={{ mt: 1.5 }}>
          <TextField size="small" label="やること" value={title} onChange={(e) => setTitle(e.target.value)} />
          <StaffPicker
            workspaceId={meeting.workspace_id}
            size="small"
            label="担当者"
            value={assignee}
            firstIds={[meeting.organizer?.id, ...meeting.participants.map((person) => person.id)]}
            onChange={setAssignee}
          />
          <TextField
            size="small"
            label="期限"
            type="date"
            value={deadline}
            onChange={(e) => setDeadline(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button variant="outlined" startIcon={<AddOutlined />} onClick={() => void add()}>
            アクションアイテムを追加
          </Button>
        </Stack>
      )}
    </Box>
  );
}
