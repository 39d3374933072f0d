import { zodResolver } from "@hookform/resolvers/zod";
import CheckOutlined from "@mui/icons-material/CheckOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import type { GroupNode } from "@tasuki/contract/group/group.schema";
import type { Project } from "@tasuki/contract/project/project.schema";
import { projectFieldsSchema } from "@tasuki/contract/project/project.schema";
import { Controller, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { FormTextField } from "../../../components/form-text-field.tsx";
import type { PersonRef } from "../../../components/person-avatar.tsx";
import { StaffPicker } from "../../../components/staff-picker.tsx";
import { isValidDate } from "../../../lib/date.ts";
import { treeRows } from "../../../lib/group-tree.ts";
import { showToast } from "../../../lib/toast.tsx";
import { useCreateProject } from "../api/new-project.ts";
import { projectKeys } from "../api/project-keys.ts";
import { useUpdateProject } from "../api/update-project.ts";

/** The swatches of the colour field, with names a screen reader can say. */
export const PROJECT_COLORS = [
  { value: "#3949ab", label: "藍色" },
  { value: "#2f6fb5", label: "青" },
  { value: "#00897b", label: "青緑" },
  { value: "#5d7a1f", label: "緑" },
  { value: "#b7791f", label: "山吹色" },
  { value: "#c0592b", label: "橙" },
  { value: "#ad1457", label: "紅" },
  { value: "#8e24aa", label: "紫" },
  { value: "#6d4c41", label: "茶" },
  { value: "#5b6275", label: "灰色" },
] as const;

const NO_GROUP = "__none__";
const personSchema = z.object({
  id: z.string(),
  last_name: z.string(),
  first_name: z.string(),
  avatar_url: z.string().nullable(),
});
const optionalDate = z
  .string()
  .refine((value) => value === "" || isValidDate(value), { error: "日付を正しく入力してください" });

const formSchema = z
  .object({
    name: projectFieldsSchema.shape.name,
    description: z.string().max(5000, { error: "説明は5000文字以内で入力してください" }),
    group_id: z.string(),
    manager: personSchema.nullable(),
    members: z.array(personSchema),
    starts_on: optionalDate,
    ends_on: optionalDate,
    color: z.string(),
  })
  .refine((value) => !value.starts_on || !value.ends_on || value.starts_on <= value.ends_on, {
    path: ["ends_on"],
    error: "終了日は開始日以降の日付を指定してください",
  });
type FormValues = z.infer<typeof formSchema>;

export type ProjectDialogState = { mode: "create"; groupId: string | null } | { mode: "edit"; project: Project };

function initialValues(state: ProjectDialogState): FormValues {
  if (state.mode === "create") {
    return {
      name: "",
      description: "",
      group_id: state.groupId ?? NO_GROUP,
      manager: null,
      members: [],
      starts_on: "",
      ends_on: "",
      color: PROJECT_COLORS[0].value,
    };
  }
  const { project } = state;
  return {
    name: project.name,
    description: project.description,
    group_id: project.group?.id ?? NO_GROUP,
    manager: project.manager,
    members: project.members,
    starts_on: project.starts_on ?? "",
    ends_on: project.ends_on ?? "",
    color: project.color,
  };
}

export function ProjectDialog({
  state,
  onClose,
  workspaceId,
  groups,
}: {
  state: ProjectDialogState | null;
  onClose: () => void;
  workspaceId: string;
  groups: GroupNode[];
}) {
  return (
    <Dialog open={state !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="project-dialog-title">
      {state && (
        <ProjectForm
          key={state.mode === "edit" ? state.project.id : "new"}
          state={state}
          onClose={onClose}
          workspaceId={workspaceId}
          groups={groups}
        />
      )}
    </Dialog>
  );
}

function ProjectForm({
  state,
  onClose,
  workspaceId,
  groups,
}: {
  state: ProjectDialogState;
  onClose: () => void;
  workspaceId: string;
  groups: GroupNode[];
}) {
  const queryClient = useQueryClient();
  const create = useCreateProject();
  const update = useUpdateProject();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: initialValues(state) });
  // The project's members are offered first when its 責任者 is picked.
  const members = useWatch({ control: form.control, name: "members" });
  const rows = treeRows(groups);

  const onSubmit = form.handleSubmit(async (values) => {
    const fields = {
      name: values.name,
      description: values.description,
      group_id: values.group_id === NO_GROUP ? null : values.group_id,
      manager_id: values.manager?.id ?? null,
      member_ids: values.members.map((member: PersonRef) => member.id),
      starts_on: values.starts_on || null,
      ends_on: values.ends_on || null,
      color: values.color,
    };
    try {
      if (state.mode === "edit") await update.mutateAsync({ id: state.project.id, body: fields });
      else await create.mutateAsync({ ...fields, workspace_id: workspaceId, status: "active" });
    } catch {
      return; // the mutation cache shows the server's message
    }
    await queryClient.invalidateQueries({ queryKey: projectKeys.all });
    showToast(state.mode === "edit" ? `「${values.name}」を保存しました` : `「${values.name}」を作成しました`, {
      type: "success",
    });
    onClose();
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <DialogTitle id="project-dialog-title">
        {state.mode === "edit" ? "プロジェクトを編集" : "プロジェクトを作成"}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <FormTextField
            control={form.control}
            name="name"
            label="プロジェクト名"
            required
            autoFocus
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <FormTextField control={form.control} name="description" label="説明" multiline minRows={2} maxRows={6} />
          <FormTextField control={form.control} name="group_id" label="担当グループ" select>
            <MenuItem value={NO_GROUP}>（未所属）</MenuItem>
            {rows.map((row) => (
              <MenuItem key={row.node.id} value={row.node.id} sx={{ pl: 2 + row.depth * 2 }}>
                {row.node.name}
              </MenuItem>
            ))}
          </FormTextField>
          <Controller
            control={form.control}
            name="manager"
            render={({ field }) => (
              <StaffPicker
                workspaceId={workspaceId}
                label="責任者"
                value={field.value}
                onChange={field.onChange}
                firstIds={members.map((member) => member.id)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="members"
            render={({ field }) => (
              <StaffPicker
                multiple
                workspaceId={workspaceId}
                label="メンバー"
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>
            <FormTextField
              control={form.control}
              name="starts_on"
              label="開始日"
              type="date"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormTextField
              control={form.control}
              name="ends_on"
              label="終了日"
              type="date"
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
          <Controller
            control={form.control}
            name="color"
            render={({ field }) => (
              <Box role="radiogroup" aria-label="色">
                <Typography variant="body2" sx={{ color: "text.secondary", mb: 1 }}>
                  色
                </Typography>
                <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
                  {PROJECT_COLORS.map((color) => {
                    const selected = field.value.toLowerCase() === color.value;
                    return (
                      <Box
                        key={color.value}
                        component="button"
                        type="button"
                        role="radio"
                        aria-checked={selected}
                        aria-label={color.label}
                        title={color.label}
                        onClick={() => field.onChange(color.value)}
                        sx={{
                          width: 32,
                          height: 32,
                          borderRadius: "50%",
                          border: 0,
                          cursor: "pointer",
                          bgcolor: color.value,
                          color: "#fff",
                          display: "grid",
                          placeItems: "center",
                          outline: selected ? "2px solid" : "none",
                          outlineColor: color.value,
                          outlineOffset: 2,
                          "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main", outlineOffset: 2 },
                        }}
                      >
                        {selected && <CheckOutlined sx={{ fontSize: 18 }} />}
                      </Box>
                    );
                  })}
                </Box>
              </Box>
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={onClose}>
          キャンセル
        </Button>
        <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
          {state.mode === "edit" ? "保存" : "作成"}
        </Button>
      </DialogActions>
    </Box>
  );
}
