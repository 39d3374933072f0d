import ClearOutlined from "@mui/icons-material/ClearOutlined";
import FilterAltOffOutlined from "@mui/icons-material/FilterAltOffOutlined";
import SearchOutlined from "@mui/icons-material/SearchOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import type { OfficialPosition } from "@tasuki/contract/workspace/workspace.schema";
import { useEffect, useRef, useState } from "react";
import { useDebouncedValue } from "../../../hooks/use-debounced-value.ts";
import { ROLE_LABELS } from "../../../lib/role-labels.ts";
import type { GroupOption } from "../group-options.ts";
import { ROLES, STATUS_LABELS, STATUSES } from "../staff-labels.ts";
import { hasActiveFilters, SEARCH_MAX_LENGTH, type StaffSearch } from "../staff-search.ts";

const SEARCH_DEBOUNCE_MS = 300;

export interface StaffToolbarProps {
  search: StaffSearch;
  groups: readonly GroupOption[];
  positions: readonly OfficialPosition[];
  onFilter: <K extends "q" | "group_id" | "official_position_id" | "role" | "status">(
    key: K,
    value: StaffSearch[K],
  ) => void;
  onClear: () => void;
}

/** The search box and the four filters above the staff table. */
export function StaffToolbar({ search, groups, positions, onFilter, onClear }: StaffToolbarProps) {
  const [text, setText] = useState(search.q ?? "");
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const lastSent = useRef(search.q ?? "");

  // Typing settles → the address (and so the list) follows.
  useEffect(() => {
    const value = debounced.trim();
    if (value === lastSent.current) return;
    lastSent.current = value;
    onFilter("q", value || undefined);
  }, [debounced, onFilter]);

  // The address changed from elsewhere (条件をクリア, back button): the box follows.
  useEffect(() => {
    const value = search.q ?? "";
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [search.q]);

  // A filter whose group or position is gone (deleted meanwhile) shows as none rather than a blank box.
  const groupValue = groups.some((group) => group.id === search.group_id) ? search.group_id : "";
  const positionValue = positions.some((position) => position.id === search.official_position_id)
    ? search.official_position_id
    : "";

  const selectSx = { minWidth: { xs: "calc(50% - 6px)", md: 150 }, flex: { xs: "1 1 auto", md: "0 0 auto" } };

  return (
    <Box role="search" sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "center", p: 2, pb: 1.5 }}>
      <TextField
        size="small"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            // Enter searches at once instead of waiting for the pause.
            const value = text.trim();
            lastSent.current = value;
            onFilter("q", value || undefined);
          }
        }}
        placeholder="氏名・フリガナ・メール・社員番号"
        fullWidth={false}
        slotProps={{
          htmlInput: { "aria-label": "スタッフを検索", maxLength: SEARCH_MAX_LENGTH, type: "search" },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined fontSize="small" />
              </InputAdornment>
            ),
            endAdornment: text ? (
              <InputAdornment position="end">
                <IconButton size="small" aria-label="検索語を消す" onClick={() => setText("")} edge="end">
                  <ClearOutlined fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : undefined,
          },
        }}
        sx={{
          flex: { xs: "1 1 100%", md: "1 1 280px" },
          maxWidth: { md: 360 },
          "& input[type=search]::-webkit-search-cancel-button": { display: "none" },
        }}
      />
      <TextField
        select
        size="small"
        label="グループ"
        value={groupValue}
        onChange={(event) => onFilter("group_id", event.target.value || undefined)}
        fullWidth={false}
        sx={selectSx}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } } } }}
      >
        <MenuItem value="">すべて</MenuItem>
        {groups.map((group) => (
          <MenuItem key={group.id} value={group.id} sx={{ pl: 2 + group.depth * 2 }}>
            {group.name}
          </MenuItem>
        ))}
        {groups.length === 0 && (
          <MenuItem disabled value="__none">
            グループがありません
          </MenuItem>
        )}
      </TextField>
      <TextField
        select
        size="small"
        label="役職"
        value={positionValue}
        onChange={(event) => onFilter("official_position_id", event.target.value || undefined)}
        fullWidth={false}
        sx={selectSx}
      >
        <MenuItem value="">すべて</MenuItem>
        {positions.map((position) => (
          <MenuItem key={position.id} value={position.id}>
            {position.name}
          </MenuItem>
        ))}
        {positions.length === 0 && (
          <MenuItem disabled value="__none">
            役職がありません
          </MenuItem>
        )}
      </TextField>
      <TextField
        select
        size="small"
        label="権限"
        value={search.role ?? ""}
        onChange={(event) => onFilter("role", (event.target.value || undefined) as StaffSearch["role"])}
        fullWidth={false}
        sx={selectSx}
      >
        <MenuItem value="">すべて</MenuItem>
        {ROLES.map((role) => (
          <MenuItem key={role} value={role}>
            {ROLE_LABELS[role]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="ステータス"
        value={search.status ?? ""}
        onChange={(event) => onFilter("status", (event.target.value || undefined) as StaffSearch["status"])}
        fullWidth={false}
        sx={selectSx}
      >
        <MenuItem value="">すべて</MenuItem>
        {STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {STATUS_LABELS[status]}
          </MenuItem>
        ))}
      </TextField>
      {hasActiveFilters(search) && (
        <Button size="small" color="inherit" startIcon={<FilterAltOffOutlined />} onClick={onClear}>
          条件をクリア
        </Button>
      )}
    </Box>
  );
}
