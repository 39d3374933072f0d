import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Role } from "@tasuki/contract/common/common.schema";
import type { OfficialPosition } from "@tasuki/contract/workspace/workspace.schema";
import type { WorkspaceUser } from "@tasuki/contract/workspace-user/workspace-user.schema";
import { useMemo, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { FormTextField } from "../../../components/form-text-field.tsx";
import { PersonNameFields } from "../../../components/person-name-fields.tsx";
import { isApiRequestError } from "../../../lib/api-error.ts";
import { apiErrorMessage } from "../../../lib/api-error-message.ts";
import { displayName } from "../../../lib/person.ts";
import { ROLE_LABELS } from "../../../lib/role-labels.ts";
import { showToast } from "../../../lib/toast.tsx";
import { announceUpgradeNeeded, upgradeNeededOf } from "../../../lib/upgrade-needed.ts";
import { syncSession } from "../../../session/session.ts";
import { useNewWorkspaceUser } from "../../workspace-user/api/new-workspace-user.ts";
import { useUpdateWorkspaceUser } from "../../workspace-user/api/update-workspace-user.ts";
import { type GroupOption, groupFullName } from "../group-options.ts";
import {
  effectiveMainGroup,
  emptyStaffForm,
  type StaffFormValues,
  staffFormSchema,
  staffToForm,
  toInviteBody,
  toUpdateBody,
} from "../staff-form.ts";
import { ROLE_DESCRIPTIONS } from "../staff-labels.ts";
import { type Actor, assignableRoles } from "../staff-permissions.ts";
import { useRefreshStaff } from "../use-staff-actions.ts";

export interface StaffFormDialogProps {
  open: boolean;
  /** The record to edit; none to invite someone new. */
  staff: WorkspaceUser | null;
  workspaceId: string;
  actor: Actor;
  groups: readonly GroupOption[];
  positions: readonly OfficialPosition[];
  onClose: () => void;
}

/** Invite (招待) and edit (編集) of a staff record: the same fields, one dialog. */
export function StaffFormDialog(props: StaffFormDialogProps) {
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down("sm"));
  // A fresh form for every opening (from the record, or empty), kept until the closing fade has ended.
  const [opening, setOpening] = useState(0);
  const [mounted, setMounted] = useState(false);
  const [wasOpen, setWasOpen] = useState(false);
  if (props.open !== wasOpen) {
    setWasOpen(props.open);
    if (props.open) {
      setOpening((count) => count + 1);
      setMounted(true);
    }
  }
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="staff-form-title"
      slotProps={{ transition: { onExited: () => setMounted(false) } }}
    >
      {mounted && <StaffForm key={opening} {...props} />}
    </Dialog>
  );
}

function StaffForm({ staff, workspaceId, actor, groups, positions, onClose }: StaffFormDialogProps) {
  const editing = staff !== null;
  const invite = useNewWorkspaceUser({ toastError: false });
  const update = useUpdateWorkspaceUser({ toastError: false });
  const refresh = useRefreshStaff();
  const form = useForm<StaffFormValues>({
    resolver: zodResolver(staffFormSchema),
    defaultValues: staff ? staffToForm(staff) : emptyStaffForm(),
  });
  const groupIds = useWatch({ control: form.control, name: "group_ids" });
  const mainGroupId = useWatch({ control: form.control, name: "main_group_id" });

  const groupById = useMemo(() => new Map(groups.map((group) => [group.id, group])), [groups]);
  // Groups of the record that are no longer in the tree (deleted meanwhile) stay listed by name.
  const staffGroupNames = useMemo(() => new Map(staff?.groups.map((group) => [group.id, group.name])), [staff]);
  const optionOf = (id: string): GroupOption =>
    groupById.get(id) ?? { id, name: staffGroupNames.get(id) ?? "（削除されたグループ）", depth: 0, path: [] };

  const self = staff?.id === actor.id;
  const ownerLocked = staff?.role === "owner" && actor.role !== "owner";
  const roleLocked = editing && (self || ownerLocked);
  const roles: Role[] = useMemo(() => {
    const allowed = assignableRoles(actor);
    return staff && !allowed.includes(staff.role) ? [staff.role, ...allowed] : allowed;
  }, [actor, staff]);
  const joined = Boolean(staff?.user_id);
  const mainGroup = effectiveMainGroup(groupIds, mainGroupId);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (!staff) {
        await invite.mutateAsync(toInviteBody(values, workspaceId));
        showToast("招待メールを送信しました", { type: "success" });
      } else {
        const body = toUpdateBody(values, staff);
        if (Object.keys(body).length === 0) {
          onClose();
          return;
        }
        await update.mutateAsync({ params: { id: staff.id }, body });
        showToast(staff.status === "invited" ? "保存し、招待メールを再送しました" : "スタッフ情報を保存しました", {
          type: "success",
        });
        // One's own name is also in the header.
        if (self) void syncSession().catch(() => undefined);
      }
    } catch (error) {
      // Past the free plan's staff limit: the upgrade dialog offers the plans as well.
      const upgrade = upgradeNeededOf(error);
      if (upgrade) announceUpgradeNeeded(upgrade);
      if (isApiRequestError(error) && error.code === "email_taken") {
        form.setError("email", { message: error.message });
      } else if (isApiRequestError(error) && error.code.startsWith("invalid_main_group")) {
        form.setError("main_group_id", { message: error.message });
      } else {
        form.setError("root", { message: apiErrorMessage(error) });
      }
      return;
    }
    await refresh();
    onClose();
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: "contents" }}>
      <DialogTitle id="staff-form-title">{editing ? "スタッフを編集" : "スタッフを招待"}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {!editing && (
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              入力したメールアドレスに招待メールが届きます。招待された方がリンクから登録（またはログイン）すると、ステータスが「有効」になります。招待リンクの有効期限は14日間です。姓・名・メールアドレスは必須です。
            </Typography>
          )}
          {editing && staff.status === "invited" && (
            <Alert severity="info">招待中のスタッフの情報を保存すると、新しい招待メールが再送されます。</Alert>
          )}
          {form.formState.errors.root && <Alert severity="error">{form.formState.errors.root.message}</Alert>}
          <PersonNameFields form={form} whose="other" placeholders autoFocus />
          <FormTextField
            control={form.control}
            name="email"
            label="メールアドレス"
            type="email"
            disabled={joined}
            placeholder="taro.yamada@example.co.jp"
            helperText={joined ? "参加済みのスタッフのメールアドレスは、本人がアカウント設定で変更します。" : undefined}
            slotProps={{ htmlInput: { autoComplete: "off" } }}
          />
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <FormTextField
              control={form.control}
              name="employee_code"
              label="社員番号"
              placeholder="A0001"
              slotProps={{ htmlInput: { autoComplete: "off" } }}
            />
            <Controller
              control={form.control}
              name="official_position_id"
              render={({ field }) => (
                <TextField
                  select
                  label="役職"
                  value={positions.some((position) => position.id === field.value) ? field.value : ""}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  helperText={positions.length === 0 ? "役職は「組織定義 > 役職」で登録できます" : undefined}
                >
                  <MenuItem value="">
                    <Typography component="span" sx={{ color: "text.secondary" }}>
                      未設定
                    </Typography>
                  </MenuItem>
                  {positions.map((position) => (
                    <MenuItem key={position.id} value={position.id}>
                      {position.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
          <Controller
            control={form.control}
            name="group_ids"
            render={({ field, fieldState }) => (
              <Autocomplete
                multiple
                disableCloseOnSelect
                options={groups.map((group) => group.id)}
                value={field.value}
                onChange={(_, value) => field.onChange(value)}
                getOptionLabel={(id) => optionOf(id).name}
                filterOptions={(ids, state) => {
                  const query = state.inputValue.trim().toLowerCase();
                  if (!query) return ids;
                  return ids.filter((id) => groupFullName(optionOf(id)).toLowerCase().includes(query));
                }}
                renderOption={({ key, ...optionProps }, id) => {
                  const option = optionOf(id);
                  return (
                    <li key={key} {...optionProps}>
                      <ListItemText
                        sx={{ pl: option.depth * 2, my: 0 }}
                        primary={option.name}
                        secondary={option.path.length > 0 ? option.path.join(" / ") : undefined}
                        slotProps={{ secondary: { sx: { fontSize: 11.5 } } }}
                      />
                    </li>
                  );
                }}
                renderValue={(ids, getItemProps) =>
                  ids.map((id, index) => {
                    const { key, ...itemProps } = getItemProps({ index });
                    const isMain = id === mainGroup;
                    return (
                      <Chip
                        key={key}
                        {...itemProps}
                        size="small"
                        label={isMain ? `${optionOf(id).name}（メイン）` : optionOf(id).name}
                        color={isMain ? "primary" : "default"}
                        variant={isMain ? "filled" : "outlined"}
                      />
                    );
                  })
                }
                noOptionsText={groups.length === 0 ? "グループがまだありません" : "該当するグループがありません"}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="所属グループ"
                    placeholder={field.value.length === 0 ? "グループを選択（複数可）" : undefined}
                    error={Boolean(fieldState.error)}
                    helperText={
                      fieldState.error?.message ??
                      (groups.length === 0 ? "グループは「組織定義 > グループ」で作成できます" : undefined)
                    }
                  />
                )}
              />
            )}
          />
          {groupIds.length > 1 && (
            <Controller
              control={form.control}
              name="main_group_id"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label="メイングループ"
                  value={mainGroup ?? ""}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? "組織図や一覧で、このグループの所属として表示されます"}
                >
                  {groupIds.map((id) => (
                    <MenuItem key={id} value={id}>
                      {groupFullName(optionOf(id))}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <TextField
                select
                label="権限"
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                disabled={roleLocked}
                helperText={
                  self
                    ? "自分自身の権限は変更できません"
                    : ownerLocked
                      ? "オーナーの権限を変更できるのはオーナーだけです"
                      : ROLE_DESCRIPTIONS[field.value]
                }
                slotProps={{ select: { renderValue: (value) => ROLE_LABELS[value as Role] } }}
              >
                {roles.map((role) => (
                  <MenuItem key={role} value={role} disabled={role === "owner" && actor.role !== "owner"}>
                    <ListItemText
                      primary={ROLE_LABELS[role]}
                      secondary={ROLE_DESCRIPTIONS[role]}
                      slotProps={{ secondary: { sx: { fontSize: 12, whiteSpace: "normal" } } }}
                    />
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {editing && (
            <Typography variant="caption" sx={{ color: "text.secondary" }}>
              {displayName(staff)}さんのステータスの変更や削除は、一覧の「操作」メニューから行えます。
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} color="inherit">
          キャンセル
        </Button>
        <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
          {editing ? "保存する" : "招待する"}
        </Button>
      </DialogActions>
    </Box>
  );
}
