import CloseOutlined from "@mui/icons-material/CloseOutlined";
import DeleteOutlineOutlined from "@mui/icons-material/DeleteOutlineOutlined";
import EventOutlined from "@mui/icons-material/EventOutlined";
import PersonOutlineOutlined from "@mui/icons-material/PersonOutlineOutlined";
import RepeatOutlined from "@mui/icons-material/RepeatOutlined";
import RestoreOutlined from "@mui/icons-material/RestoreOutlined";
import SyncAltOutlined from "@mui/icons-material/SyncAltOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Popover from "@mui/material/Popover";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { TaskStatus } from "@tasuki/contract/task/task.schema";
import { useState } from "react";
import type { PersonRef } from "../../../components/person-avatar.tsx";
import { StaffPicker } from "../../../components/staff-picker.tsx";
import { STATUS_LABELS, STATUS_ORDER } from "../../../lib/task-labels.ts";

export interface BulkActions {
  onStatus: (status: TaskStatus) => void;
  onAssignee: (person: PersonRef | null) => void;
  onDeadline: (date: string | null) => void;
  onPeriodic: () => void;
  onDelete: () => void;
  onRestore: () => void;
  onClear: () => void;
}

/** 一括操作: shown while tasks are selected, above the bottom edge of the screen. */
export function TaskBulkBar({
  workspaceId,
  count,
  trash,
  pending,
  actions,
}: {
  workspaceId: string;
  count: number;
  trash: boolean;
  pending: boolean;
  actions: BulkActions;
}) {
  const [statusMenu, setStatusMenu] = useState<HTMLElement | null>(null);
  const [assignee, setAssignee] = useState<HTMLElement | null>(null);
  const [deadline, setDeadline] = useState<HTMLElement | null>(null);
  const [date, setDate] = useState("");

  return (
    <Paper
      elevation={6}
      role="toolbar"
      aria-label="選択したタスクの一括操作"
      sx={{
        position: "fixed",
        left: 0,
        right: 0,
        mx: "auto",
        width: "fit-content",
        bottom: 24,
        zIndex: (theme) => theme.zIndex.appBar + 1,
        px: 2,
        py: 1,
        borderRadius: 3,
        display: "flex",
        alignItems: "center",
        gap: 1,
        flexWrap: { xs: "wrap", md: "nowrap" },
        maxWidth: "calc(100vw - 32px)",
        "& .MuiButton-root": { whiteSpace: "nowrap", flexShrink: 0 },
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 700, mr: 1, whiteSpace: "nowrap" }}>
        {count.toLocaleString("ja-JP")}件を選択中
      </Typography>
      {trash ? (
        <Button startIcon={<RestoreOutlined />} disabled={pending} onClick={actions.onRestore}>
          復元
        </Button>
      ) : (
        <>
          <Button startIcon={<SyncAltOutlined />} disabled={pending} onClick={(e) => setStatusMenu(e.currentTarget)}>
            ステータス
          </Button>
          <Button
            startIcon={<PersonOutlineOutlined />}
            disabled={pending}
            onClick={(e) => setAssignee(e.currentTarget)}
          >
            担当者
          </Button>
          <Button startIcon={<EventOutlined />} disabled={pending} onClick={(e) => setDeadline(e.currentTarget)}>
            期限
          </Button>
          <Button startIcon={<RepeatOutlined />} disabled={pending} onClick={actions.onPeriodic}>
            繰り返し
          </Button>
          <Button color="error" startIcon={<DeleteOutlineOutlined />} disabled={pending} onClick={actions.onDelete}>
            削除
          </Button>
        </>
      )}
      <IconButton size="small" aria-label="選択を解除" onClick={actions.onClear}>
        <CloseOutlined fontSize="small" />
      </IconButton>

      <Menu open={statusMenu !== null} anchorEl={statusMenu} onClose={() => setStatusMenu(null)}>
        {STATUS_ORDER.map((status) => (
          <MenuItem
            key={status}
            onClick={() => {
              setStatusMenu(null);
              actions.onStatus(status);
            }}
          >
            {STATUS_LABELS[status]}にする
          </MenuItem>
        ))}
      </Menu>
      <Popover
        open={assignee !== null}
        anchorEl={assignee}
        onClose={() => setAssignee(null)}
        anchorOrigin={{ vertical: "top", horizontal: "left" }}
        transformOrigin={{ vertical: "bottom", horizontal: "left" }}
      >
        <Box sx={{ p: 2, width: 320 }}>
          <StaffPicker
            workspaceId={workspaceId}
            label="担当者"
            value={null}
            onChange={(person) => {
              setAssignee(null);
              actions.onAssignee(person);
            }}
          />
          <Button
            size="small"
            sx={{ mt: 1 }}
            onClick={() => {
              setAssignee(null);
              actions.onAssignee(null);
            }}
          >
            担当者を外す
          </Button>
        </Box>
      </Popover>
      <Popover
        open={deadline !== null}
        anchorEl={deadline}
        onClose={() => setDeadline(null)}
        anchorOrigin={{ vertical: "top", horizontal: "left" }}
        transformOrigin={{ vertical: "bottom", horizontal: "left" }}
      >
        <Stack spacing={1.5} sx={{ p: 2, width: 260 }}>
          <TextField
            type="date"
            size="small"
            label="期限"
            value={date}
            onChange={(event) => setDate(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
            <Button
              size="small"
              onClick={() => {
                setDeadline(null);
                actions.onDeadline(null);
              }}
            >
              期限なしにする
            </Button>
            <Button
              size="small"
              variant="contained"
              disabled={!date}
              onClick={() => {
                setDeadline(null);
                actions.onDeadline(date);
              }}
            >
              設定
            </Button>
          </Stack>
        </Stack>
      </Popover>
    </Paper>
  );
}
