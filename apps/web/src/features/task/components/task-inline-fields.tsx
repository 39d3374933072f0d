import ArrowDropDown from "@mui/icons-material/ArrowDropDown";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Popover from "@mui/material/Popover";
import type { SxProps, Theme } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import type { TaskPriority, TaskStatus } from "@tasuki/contract/task/task.schema";
import { type ReactNode, useState } from "react";
import type { PersonRef } from "../../../components/person-avatar.tsx";
import { StaffAvatar } from "../../../components/staff-avatar.tsx";
import { StaffPicker } from "../../../components/staff-picker.tsx";
import { displayName } from "../../../lib/person.ts";
import {
  PRIORITY_COLORS,
  PRIORITY_LABELS,
  PRIORITY_ORDER,
  STATUS_COLORS,
  STATUS_LABELS,
  STATUS_ORDER,
} from "../../../lib/task-labels.ts";
import { tokyoDay } from "../../../lib/tokyo-date.ts";

/**
 * A compact chooser: a button that opens a menu only when clicked. A list shows some forty rows at once
 * while scrolling through thousands, so rows carry no full Select until one is used.
 */
function ChoiceButton<T extends string>({
  value,
  options,
  label,
  disabled,
  renderValue,
  renderOption,
  onChange,
  sx,
}: {
  value: T;
  options: readonly T[];
  label: string;
  disabled?: boolean;
  renderValue: (value: T) => ReactNode;
  renderOption: (value: T) => ReactNode;
  onChange: (value: T) => void;
  sx?: SxProps<Theme>;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <ButtonBase
        role="combobox"
        aria-label={label}
        aria-haspopup="listbox"
        aria-expanded={anchor !== null}
        disabled={disabled}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={[
          {
            display: "inline-flex",
            alignItems: "center",
            justifyContent: "space-between",
            gap: 0.5,
            height: 28,
            width: "100%",
            pl: 1.25,
            pr: 0.5,
            borderRadius: 4,
            fontSize: 13,
            fontWeight: 600,
            "&:hover": { filter: "brightness(0.96)" },
          },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      >
        <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
          {renderValue(value)}
        </Box>
        {!disabled && <ArrowDropDown sx={{ fontSize: 20, opacity: 0.7 }} />}
      </ButtonBase>
      {anchor && (
        <Menu open anchorEl={anchor} onClose={() => setAnchor(null)} slotProps={{ list: { role: "listbox" } }}>
          {options.map((option) => (
            <MenuItem
              key={option}
              role="option"
              selected={option === value}
              aria-selected={option === value}
              onClick={() => {
                setAnchor(null);
                if (option !== value) onChange(option);
              }}
            >
              {renderOption(option)}
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}

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
    <ChoiceButton
      value={value}
      options={STATUS_ORDER}
      label={label}
      disabled={disabled}
      renderValue={(status) => STATUS_LABELS[status]}
      renderOption={(status) => STATUS_LABELS[status]}
      onChange={onChange}
      sx={{ color: colors.color, bgcolor: colors.background }}
    />
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
    <ChoiceButton
      value={value}
      options={PRIORITY_ORDER}
      label={label}
      disabled={disabled}
      renderValue={(priority) => <PriorityMark priority={priority} />}
      renderOption={(priority) => <PriorityMark priority={priority} />}
      onChange={onChange}
    />
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
  firstIds,
  onChange,
}: {
  workspaceId: string;
  value: PersonRef | null;
  /** The task's people, offered first. */
  firstIds?: readonly (string | null | undefined)[];
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
            firstIds={firstIds}
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
/** The invisible control over the shown date: a button until clicked, then the date input. */
const overlaySx = {
  position: "absolute",
  inset: 0,
  width: "100%",
  p: 0,
  opacity: 0,
  cursor: "pointer",
  border: 0,
} as const;
const overlayDisabledSx = { ...overlaySx, cursor: "default" } as const;

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
  const day = value ? tokyoDay(value) : null;
  // The <input type="date"> exists only while the deadline is being edited: its shadow tree cost Chromium
  // ~0.25 ms per row to create, on every row entering the view (bench/README.md, bench:task-render).
  const [editing, setEditing] = useState(false);
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
      {day ? (
        <>
          <Box component="span" sx={{ display: { xs: "none", md: "inline" } }}>
            {day.slash}
          </Box>
          <Box component="span" sx={{ display: { xs: "inline", md: "none" } }}>
            {day.shortSlash}
          </Box>
          <Box component="span" sx={{ display: { xs: "none", sm: "inline" } }}>
            （{day.weekday}）
          </Box>
        </>
      ) : (
        "期限なし"
      )}
      {editing && !disabled ? (
        <Box
          component="input"
          type="date"
          ref={(input: HTMLInputElement | null) => {
            if (!input || input === document.activeElement) return;
            input.focus();
            try {
              input.showPicker();
            } catch {
              // Without a user gesture or showPicker the field stays focused; typing a date works too.
            }
          }}
          aria-label={label}
          value={day?.iso ?? ""}
          min="1900-01-01"
          max="2200-12-31"
          onBlur={() => setEditing(false)}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.value || null)}
          sx={overlaySx}
        />
      ) : (
        <Box
          component="button"
          type="button"
          aria-label={label}
          disabled={disabled}
          onClick={() => setEditing(true)}
          sx={disabled ? overlayDisabledSx : overlaySx}
        />
      )}
    </Box>
  );
}
