import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useQueryClient } from "@tanstack/react-query";
import type { GroupNode } from "@tasuki/contract/group/group.schema";
import { groupFieldsSchema } from "@tasuki/contract/group/group.schema";
import type { GroupType } from "@tasuki/contract/workspace/workspace.schema";
import { useEffect, useMemo, useState } from "react";
import type { PersonRef } from "../../../components/person-avatar.tsx";
import { StaffPicker } from "../../../components/staff-picker.tsx";
import { defaultLayerId, subtreeIds, treeRows } from "../../../lib/group-tree.ts";
import { showToast } from "../../../lib/toast.tsx";
import { workspaceKeys } from "../../workspace/api/workspace-keys.ts";
import { useWorkspaceUsers } from "../../workspace-user/api/list-workspace-users.ts";
import { workspaceUserKeys } from "../../workspace-user/api/workspace-user-keys.ts";
import { groupKeys } from "../api/group-keys.ts";
import { useCreateGroup } from "../api/new-group.ts";
import { useUpdateGroup } from "../api/update-group.ts";

export type GroupDialogState = { mode: "create"; parent: GroupNode | null } | { mode: "edit"; group: GroupNode };

const MEMBER_PAGE = 200;
const TOP = "__top__";
const NO_LAYER = "__none__";

export function GroupDialog({
  state,
  onClose,
  workspaceId,
  groups,
  layers,
}: {
  state: GroupDialogState | null;
  onClose: () => void;
  workspaceId: string;
  groups: GroupNode[];
  layers: GroupType[];
}) {
  return (
    <Dialog open={state !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="group-dialog-title">
      {state && (
        <GroupForm
          key={state.mode === "edit" ? state.group.id : `new-${state.parent?.id ?? TOP}`}
          state={state}
          onClose={onClose}
          workspaceId={workspaceId}
          groups={groups}
          layers={layers}
        />
      )}
    </Dialog>
  );
}

function GroupForm({
  state,
  onClose,
  workspaceId,
  groups,
  layers,
}: {
  state: GroupDialogState;
  onClose: () => void;
  workspaceId: string;
  groups: GroupNode[];
  layers: GroupType[];
}) {
  const editing = state.mode === "edit" ? state.group : null;
  const queryClient = useQueryClient();
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const rows = useMemo(() => treeRows(groups), [groups]);
  const depthOf = (id: string | null) => rows.find((row) => row.node.id === id)?.depth ?? null;

  const [name, setName] = useState(editing?.name ?? "");
  const [touched, setTouched] = useState(false);
  const [parentId, setParentId] = useState<string | null>(
    editing ? editing.parent_id : state.mode === "create" ? (state.parent?.id ?? null) : null,
  );
  const [layerId, setLayerId] = useState<string | null>(
    editing
      ? editing.group_type_id
      : defaultLayerId(layers, state.mode === "create" && state.parent ? depthOf(state.parent.id) : null),
  );
  const [leader, setLeader] = useState<PersonRef | null>(editing?.leader ?? null);
  const [members, setMembers] = useState<PersonRef[]>([]);
  const [membersChanged, setMembersChanged] = useState(false);

  // The current members of an edited group come from the staff list filtered by the group.
  const currentMembers = useWorkspaceUsers(
    { workspace_id: workspaceId, group_id: editing?.id, per_page: MEMBER_PAGE, sort: "kana" },
    { enabled: Boolean(editing) },
  );
  useEffect(() => {
    if (currentMembers.data && !membersChanged) {
      setMembers(
        currentMembers.data.items.map((staff) => ({
          id: staff.id,
          last_name: staff.last_name,
          first_name: staff.first_name,
          avatar_url: staff.avatar_url,
        })),
      );
    }
  }, [currentMembers.data, membersChanged]);
  const tooManyMembers = (currentMembers.data?.total ?? 0) > MEMBER_PAGE;

  const nameResult = groupFieldsSchema.shape.name.safeParse(name);
  const nameError = touched && !nameResult.success ? nameResult.error.issues[0]?.message : undefined;

  // A group cannot move under itself or a group below it.
  const excluded = editing ? subtreeIds(groups, editing.id) : new Set<string>();
  const parentOptions = rows.filter((row) => !excluded.has(row.node.id));
  const sortedLayers = [...layers].sort((a, b) => a.level - b.level);
  const saving = create.isPending || update.isPending;

  const submit = async () => {
    setTouched(true);
    if (!nameResult.success) return;
    try {
      if (editing) {
        await update.mutateAsync({
          id: editing.id,
          body: {
            name: nameResult.data,
            group_type_id: layerId,
            leader_id: leader?.id ?? null,
            ...(parentId !== editing.parent_id && { parent_id: parentId }),
            ...(membersChanged && !tooManyMembers && { member_ids: members.map((member) => member.id) }),
          },
        });
      } else {
        await create.mutateAsync({
          workspace_id: workspaceId,
          name: nameResult.data,
          parent_id: parentId,
          group_type_id: layerId,
          leader_id: leader?.id ?? null,
          member_ids: members.map((member) => member.id),
        });
      }
    } catch {
      return; // the mutation cache shows the server's message
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: groupKeys.all }),
      queryClient.invalidateQueries({ queryKey: workspaceKeys.detail(workspaceId) }),
      queryClient.invalidateQueries({ queryKey: workspaceUserKeys.all }),
    ]);
    showToast(editing ? `「${nameResult.data}」を保存しました` : `「${nameResult.data}」を作成しました`, {
      type: "success",
    });
    onClose();
  };

  const parentName = state.mode === "create" ? state.parent?.name : undefined;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <DialogTitle id="group-dialog-title">
        {editing ? "グループを編集" : parentName ? `「${parentName}」の下にグループを追加` : "グループを追加"}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            label="グループ名"
            required
            autoFocus
            value={name}
            onChange={(event) => setName(event.target.value)}
            onBlur={() => setTouched(true)}
            error={Boolean(nameError)}
            helperText={nameError ?? "例：営業本部、第一営業部、法人営業課"}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            select
            label="親グループ"
            value={parentId ?? TOP}
            onChange={(event) => setParentId(event.target.value === TOP ? null : event.target.value)}
            helperText="このグループが属する上位のグループ"
          >
            <MenuItem value={TOP}>（最上位）</MenuItem>
            {parentOptions.map((row) => (
              <MenuItem key={row.node.id} value={row.node.id} sx={{ pl: 2 + row.depth * 2 }}>
                {row.node.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="階層"
            value={layerId ?? NO_LAYER}
            onChange={(event) => setLayerId(event.target.value === NO_LAYER ? null : event.target.value)}
            helperText={layers.length === 0 ? "階層は「組織定義 › 階層」で設定できます" : undefined}
          >
            <MenuItem value={NO_LAYER}>（未設定）</MenuItem>
            {sortedLayers.map((layer) => (
              <MenuItem key={layer.id} value={layer.id}>
                {layer.name}
              </MenuItem>
            ))}
          </TextField>
          <StaffPicker
            workspaceId={workspaceId}
            label="リーダー"
            value={leader}
            onChange={setLeader}
            firstIds={members.map((member) => member.id)}
          />
          {tooManyMembers ? (
            <Alert severity="info">
              メンバーが{MEMBER_PAGE}
              人を超えるため、ここでは編集できません。スタッフ画面で所属グループを変更してください。
            </Alert>
          ) : (
            <StaffPicker
              multiple
              workspaceId={workspaceId}
              label="メンバー"
              value={members}
              disabled={Boolean(editing) && currentMembers.isPending}
              helperText={editing && currentMembers.isPending ? "現在のメンバーを読み込み中…" : undefined}
              onChange={(value) => {
                setMembers(value);
                setMembersChanged(true);
              }}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={onClose}>
          キャンセル
        </Button>
        <Button type="submit" variant="contained" loading={saving}>
          {editing ? "保存" : "作成"}
        </Button>
      </DialogActions>
    </Box>
  );
}
