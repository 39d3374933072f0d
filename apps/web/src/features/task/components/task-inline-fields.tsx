import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import MenuItem from "@mui/material/MenuItem";
import Popover from "@mui/material/Popover";
import Select from "@mui/material/Select";
import Typography from "@mui/material/Typography";
import type { TaskPriority, TaskStatus } from "@tasuki/contract/task/task.schema";
import { useState } from "react";
import { StaffAvatar } from "../../../components/staff-avatar.tsx";
import { formatIsoDate, formatSlashDate, weekdayLabel } from "../../../lib/date.ts";
import { displayName } from "../../../lib/person.ts";
import type { PersonRef } from "../../organization/components/person-avatar.tsx";
import { StaffPicker } from "../../organization/components/staff-picker.tsx";
import {
  PRIORITY_COLORS,
  PRIORITY_LABELS,
  PRIORITY_ORDER,
  STATUS_COLORS,
  STATUS_LABELS,
  STATUS_ORDER,
} from "../task-labels.ts";

const selectSx = {
  fontSize: 13,
  fontWeight: 600,
  borderRadius: 4,
  height: 28,
  "& .MuiSelect-select": { py: 0.25, pl: 1.25, pr: "28px !important" },
  "& fieldset": { border: 0 },
};

export function StatusSelect({
  value,
  disabled,
  label,
  onChange,
}: {
  value: TaskStatus;
  disabled?: boolean;
  label: string;
  onChange: (status: TaskStatus) => void;
}) {
  const colors = STATUS_COLORS[value];
  return (
    <Select
      size="small"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as TaskStatus)}
      inputProps={{ "aria-label": label }}
      sx={{ ...selectSx, color: colors.color, bgcolor: colors.background, width: "100%" }}
    >
      {STATUS_ORDER.map((status) => (
        <MenuItem key={status} value={status}>
          {STATUS_LABELS[status]}
        </MenuItem>
      ))}
    </Select>
  );
}

export function PrioritySelect({
  value,
  disabled,
  label,
  onChange,
}: {
  value: TaskPriority;
  disabled?: boolean;
  label: string;
  onChange: (priority: TaskPriority) => void;
}) {
  return (
    <Select
      size="small"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as TaskPriority)}
      inputProps={{ "aria-label": label }}
      renderValue={(selected) => <PriorityMark priority={selected} />}
      sx={{ ...selectSx, width: "100%" }}
    >
      {PRIORITY_ORDER.map((priority) => (
        <MenuItem key={priority} value={priority}>
          <PriorityMark priority={priority} />
        </MenuItem>
      ))}
    </Select>
  );
}

export function PriorityMark({ priority }: { priority: TaskPriority }) {
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.75 }}>
      <Box
        component="span"
        aria-hidden
        sx={{ width: 8, height: 8, borderRadius: "50%", bgcolor: PRIORITY_COLORS[priority] }}
      />
      {PRIORITY_LABELS[priority]}
    </Box>
  );
}

/** The assignee (or manager) of a row: a button that opens a staff search. */
export function PersonField({
  workspaceId,
  value,
  label,
  disabled,
  emptyText = "未設定",
  onChange,
}: {
  workspaceId: string;
  value: PersonRef | null;
  label: string;
  disabled?: boolean;
  emptyText?: string;
  onChange: (person: PersonRef | null) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <ButtonBase
        disabled={disabled}
        aria-label={`${label}: ${value ? displayName(value) : emptyText}`}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{
          display: "flex",
          alignItems: "center",
          gap: 0.75,
          px: 0.75,
          py: 0.25,
          borderRadius: 1,
          maxWidth: "100%",
          justifyContent: "flex-start",
          "&:hover": { bgcolor: "action.hover" },
        }}
      >
        {value ? (
          <>
            <StaffAvatar person={value} size={22} />
            <Typography variant="body2" noWrap>
              {displayName(value)}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" sx={{ color: "text.disabled" }} noWrap>
            {emptyText}
          </Typography>
        )}
      </ButtonBase>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "left" }}
      >
        <Box sx={{ p: 2, width: 320 }}>
          <StaffPicker
            workspaceId={workspaceId}
            label={label}
            value={value}
            onChange={(person) => {
              setAnchor(null);
              onChange(person);
            }}
          />
        </Box>
      </Popover>
    </>
  );
}

/**
 * The deadline of a row: the date as the list shows dates (2026/04/01（水）), with the browser's date picker
 * laid invisibly over it, so the text does not follow the browser's own date format. A date means 23:59:59
 * of that day in Tokyo (DOMAIN.md).
 */
export function DeadlineField({
  value,
  disabled,
  label,
  onChange,
}: {
  value: string | null;
  disabled?: boolean;
  label: string;
  onChange: (date: string | null) => void;
}) {
  return (
    <Box
      sx={{
        position: "relative",
        display: "flex",
        alignItems: "center",
        height: 30,
        px: 0.75,
        borderRadius: 1,
        fontSize: 13,
        whiteSpace: "nowrap",
        color: value ? "text.primary" : "text.disabled",
        "&:hover": disabled ? undefined : { bgcolor: "action.hover" },
        "&:focus-within": { outline: "2px solid", outlineColor: "primary.main" },
      }}
    >
      {value ? (
        <>
          <Box component="span" sx={{ display: { xs: "none", md: "inline" } }}>
            {formatSlashDate(value)}
          </Box>
          <Box component="span" sx={{ display: { xs: "inline", md: "none" } }}>
            {formatSlashDate(value, { shortYear: true })}
          </Box>
          <Box component="span" sx={{ display: { xs: "none", sm: "inline" } }}>
            （{weekdayLabel(value)}）
          </Box>
        </>
      ) : (
        "期限なし"
      )}
      <Box
        component="input"
        type="date"
        aria-label={label}
        disabled={disabled}
        value={formatIsoDate(value)}
        min="1900-01-01"
        max="2200-12-31"
        onClick={(event: React.MouseEvent<HTMLInputElement>) => {
          try {
            event.currentTarget.showPicker();
          } catch {
            // Older browsers open the picker on their own.
          }
        }}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.value || null)}
        sx={{
          position: "absolute",
          inset: 0,
          width: "100%",
          opacity: 0,
          cursor: disabled ? "default" : "pointer",
          border: 0,
        }}
      />
    </Box>
  );
}
