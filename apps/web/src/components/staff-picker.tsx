import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import TextField from "@mui/material/TextField";
import type { WorkspaceUser } from "@tasuki/contract/workspace-user/workspace-user.schema";
import { createContext, type HTMLAttributes, type Key, useContext, useState } from "react";
import { displayName } from "../lib/person.ts";
import { PersonAvatar, type PersonRef } from "./person-avatar.tsx";
import { StaffOption, type StaffOptionPerson } from "./staff-option.tsx";

/** What a picker needs of the staff search (features/workspace-user/api/use-staff-search.ts). */
export type StaffSearchHook = (input: {
  workspaceId: string;
  text: string;
  firstIds?: readonly (string | null | undefined)[];
  enabled?: boolean;
}) => { items: WorkspaceUser[]; searching: boolean; failed: boolean };

/**
 * The staff search, handed to the pickers by the app's providers: a picker is shared by the task, meeting, group,
 * project and template screens, and the shared layer knows no feature, so it does not import the search itself.
 */
const StaffSearchContext = createContext<StaffSearchHook>(() => {
  throw new Error("StaffPicker needs a StaffSearchProvider (app-providers.tsx)");
});
export const StaffSearchProvider = StaffSearchContext.Provider;

interface BaseProps {
  workspaceId: string;
  label: string;
  helperText?: string;
  disabled?: boolean;
  /** "small" in filter rows, beside other small fields. */
  size?: "small" | "medium";
  placeholder?: string;
  /** The people of the task, meeting, group or project the pick is for: offered first when they match. */
  firstIds?: readonly (string | null | undefined)[];
}

type SingleProps = BaseProps & {
  multiple?: false;
  value: PersonRef | null;
  onChange: (value: PersonRef | null) => void;
};
type MultipleProps = BaseProps & { multiple: true; value: PersonRef[]; onChange: (value: PersonRef[]) => void };

const toRef = (staff: PersonRef): PersonRef => ({
  id: staff.id,
  last_name: staff.last_name,
  first_name: staff.first_name,
  avatar_url: staff.avatar_url,
});

/**
 * Picks staff by searching the staff list on the server (name, kana, e-mail, employee code), so it
 * works the same with 20 or 2,000 staff. Only the first 20 matches are offered, those of `firstIds` first, each
 * with 所属 and 役職. The rows shown are always the answer to the text in the field (`useStaffSearch`).
 */
export function StaffPicker(props: SingleProps | MultipleProps) {
  const { workspaceId, label, helperText, disabled, size, placeholder = "名前・メールアドレスで検索" } = props;
  const [input, setInput] = useState("");
  const [open, setOpen] = useState(false);
  const useStaffSearch = useContext(StaffSearchContext);
  const search = useStaffSearch({ workspaceId, text: input, firstIds: props.firstIds, enabled: open });
  const options: StaffOptionPerson[] = search.items.filter((row) => row.status !== "retired");

  const common = {
    open,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    options,
    disabled,
    loading: search.searching,
    loadingText: "検索中…",
    noOptionsText: search.failed
      ? "検索できませんでした。もう一度入力してください"
      : input.trim()
        ? "該当するスタッフがいません"
        : "スタッフがいません",
    filterOptions: (list: PersonRef[]) => list,
    getOptionLabel: (option: PersonRef) => displayName(option),
    isOptionEqualToValue: (option: PersonRef, value: PersonRef) => option.id === value.id,
    onInputChange: (_: unknown, value: string, reason: string) => {
      if (reason !== "reset") setInput(value);
    },
    renderOption: (optionProps: HTMLAttributes<HTMLLIElement> & { key: Key }, option: StaffOptionPerson) => {
      const { key, ...rest } = optionProps;
      return (
        <Box component="li" key={key} {...rest}>
          <StaffOption person={option} />
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
