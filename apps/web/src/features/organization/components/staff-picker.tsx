import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type HTMLAttributes, type Key, useState } from "react";
import { useDebouncedValue } from "../../../hooks/use-debounced-value.ts";
import { displayName } from "../../../lib/person.ts";
import { useWorkspaceUsers } from "../../workspace-user/api/list-workspace-users.ts";
import { PersonAvatar, type PersonRef } from "./person-avatar.tsx";

interface BaseProps {
  workspaceId: string;
  label: string;
  helperText?: string;
  disabled?: boolean;
  /** "small" in filter rows, beside other small fields. */
  size?: "small" | "medium";
  placeholder?: string;
}

type SingleProps = BaseProps & {
  multiple?: false;
  value: PersonRef | null;
  onChange: (value: PersonRef | null) => void;
};
type MultipleProps = BaseProps & { multiple: true; value: PersonRef[]; onChange: (value: PersonRef[]) => void };

const toRef = (staff: PersonRef & { email?: string | null }): PersonRef & { email?: string } => ({
  id: staff.id,
  last_name: staff.last_name,
  first_name: staff.first_name,
  avatar_url: staff.avatar_url,
  email: staff.email ?? undefined,
});

/**
 * Picks staff by searching the staff list on the server (name, kana, e-mail, employee code), so it
 * works the same with 20 or 2,000 staff. Only the first 20 matches are offered.
 */
export function StaffPicker(props: SingleProps | MultipleProps) {
  const { workspaceId, label, helperText, disabled, size, placeholder = "名前・メールアドレスで検索" } = props;
  const [input, setInput] = useState("");
  const [open, setOpen] = useState(false);
  const q = useDebouncedValue(input.trim(), 250);
  const staff = useWorkspaceUsers(
    { workspace_id: workspaceId, q: q || undefined, per_page: 20, sort: "kana" },
    { enabled: open },
  );
  const options: (PersonRef & { email?: string })[] = (staff.data?.items ?? [])
    .filter((row) => row.status !== "retired")
    .map(toRef);

  const common = {
    open,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    options,
    disabled,
    loading: staff.isFetching,
    loadingText: "検索中…",
    noOptionsText: q ? "該当するスタッフがいません" : "スタッフがいません",
    filterOptions: (list: PersonRef[]) => list,
    getOptionLabel: (option: PersonRef) => displayName(option),
    isOptionEqualToValue: (option: PersonRef, value: PersonRef) => option.id === value.id,
    onInputChange: (_: unknown, value: string, reason: string) => {
      if (reason !== "reset") setInput(value);
    },
    renderOption: (
      optionProps: HTMLAttributes<HTMLLIElement> & { key: Key },
      option: PersonRef & { email?: string },
    ) => {
      const { key, ...rest } = optionProps;
      return (
        <Box component="li" key={key} {...rest} sx={{ display: "flex", gap: 1.25, alignItems: "center" }}>
          <PersonAvatar person={option} size={28} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {displayName(option)}
            </Typography>
            {option.email && (
              <Typography variant="caption" sx={{ color: "text.secondary" }} noWrap component="div">
                {option.email}
              </Typography>
            )}
          </Box>
        </Box>
      );
    },
    renderInput: (params: object) => (
      <TextField {...params} size={size} label={label} helperText={helperText} placeholder={placeholder} />
    ),
  };

  if (props.multiple) {
    return (
      <Autocomplete<PersonRef, true>
        {...common}
        multiple
        filterSelectedOptions
        value={props.value}
        onChange={(_, value) => props.onChange(value.map(toRef))}
        renderValue={(value, getItemProps) =>
          value.map((option, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return (
              <Chip
                key={key}
                {...itemProps}
                size="small"
                avatar={<PersonAvatar person={option} size={20} />}
                label={displayName(option)}
              />
            );
          })
        }
      />
    );
  }
  return (
    <Autocomplete<PersonRef, false>
      {...common}
      value={props.value}
      onChange={(_, value) => props.onChange(value ? toRef(value) : null)}
    />
  );
}
