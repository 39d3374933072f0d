import AccountTreeOutlined from "@mui/icons-material/AccountTreeOutlined";
import AddOutlined from "@mui/icons-material/AddOutlined";
import DeleteOutlineOutlined from "@mui/icons-material/DeleteOutlineOutlined";
import RestoreOutlined from "@mui/icons-material/RestoreOutlined";
import SearchOutlined from "@mui/icons-material/SearchOutlined";
import UnfoldLessOutlined from "@mui/icons-material/UnfoldLessOutlined";
import UnfoldMoreOutlined from "@mui/icons-material/UnfoldMoreOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import InputAdornment from "@mui/material/InputAdornment";
import Pagination from "@mui/material/Pagination";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import type { GroupNode } from "@tasuki/contract/group/group.schema";
import { useCallback, useMemo, useState } from "react";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ReadOnlyNotice } from "../../../components/read-only-notice.tsx";
import { formatDateTime } from "../../../lib/date.ts";
import { applyMove, type DropTarget, filterTree, treeRows, visibleRows } from "../../../lib/group-tree.ts";
import { showToast } from "../../../lib/toast.tsx";
import { useCurrentWorkspace, useCurrentWorkspaceId } from "../../../session/current-workspace.ts";
import { usePermission } from "../../../session/permissions.ts";
import { workspaceKeys } from "../../workspace/api/workspace-keys.ts";
import { groupKeys } from "../api/group-keys.ts";
import { listGroupTreeQueryOptions, useGroupTree } from "../api/list-group-tree.ts";
import { useGroups } from "../api/list-groups.ts";
import { useRestoreGroup } from "../api/restore-group.ts";
import { useUpdateGroup } from "../api/update-group.ts";
import { DeleteGroupDialog } from "./delete-group-dialog.tsx";
import { GroupDialog, type GroupDialogState } from "./group-dialog.tsx";
import { type GroupAction, GroupTreeList } from "./group-tree-list.tsx";

/** グループ: the organisation's group tree, edited in place. */
export function GroupPage() {
  const canEdit = usePermission("manage_groups");
  const [tab, setTab] = useState<"tree" | "trash">("tree");
  const [dialog, setDialog] = useState<GroupDialogState | null>(null);
  return (
    <>
      <PageHeader
        title="グループ"
        description={
          canEdit
            ? "本部・部・課などのグループを、階層どおりに登録します。行をドラッグして別のグループの下へ移動できます。"
            : "本部・部・課などのグループの構成を確認できます。"
        }
        actions={
          canEdit && tab === "tree" ? (
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => setDialog({ mode: "create", parent: null })}
            >
              グループを追加
            </Button>
          ) : undefined
        }
      />
      {!canEdit && <ReadOnlyNotice permission="manage_groups" />}
      {canEdit && (
        <Tabs value={tab} onChange={(_, value) => setTab(value)} sx={{ mb: 2 }} aria-label="グループの表示">
          <Tab value="tree" label="グループ一覧" />
          <Tab value="trash" label="ゴミ箱" icon={<DeleteOutlineOutlined fontSize="small" />} iconPosition="start" />
        </Tabs>
      )}
      {tab === "tree" || !canEdit ? (
        <GroupTreeSection dialog={dialog} setDialog={setDialog} canEdit={canEdit} />
      ) : (
        <GroupTrashSection canEdit={canEdit} />
      )}
    </>
  );
}

function GroupTreeSection({
  dialog,
  setDialog,
  canEdit,
}: {
  dialog: GroupDialogState | null;
  setDialog: (state: GroupDialogState | null) => void;
  canEdit: boolean;
}) {
  const workspaceId = useCurrentWorkspaceId();
  const workspace = useCurrentWorkspace();
  const tree = useGroupTree(workspaceId);
  const update = useUpdateGroup();
  const queryClient = useQueryClient();
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [filter, setFilter] = useState("");
  const [deleting, setDeleting] = useState<GroupNode | null>(null);

  const groups = tree.data?.items ?? [];
  const layers = workspace.data?.group_types ?? [];
  const layerNames = useMemo(() => new Map(layers.map((layer) => [layer.id, layer.name])), [layers]);
  const filtering = filter.trim() !== "";
  const rows = useMemo(() => treeRows(filtering ? filterTree(groups, filter) : groups), [groups, filter, filtering]);
  const shown = useMemo(() => (filtering ? rows : visibleRows(rows, collapsed)), [rows, collapsed, filtering]);

  const onToggle = useCallback((id: string) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const onAction = useCallback(
    (action: GroupAction, group: GroupNode) => {
      if (action === "add-child") {
        setCollapsed((current) => {
          const next = new Set(current);
          next.delete(group.id);
          return next;
        });
        setDialog({ mode: "create", parent: group });
      } else if (action === "edit") setDialog({ mode: "edit", group });
      else setDeleting(group);
    },
    [setDialog],
  );

  const treeKey = listGroupTreeQueryOptions({ workspace_id: workspaceId }).queryKey;
  const onMove = useCallback(
    (group: GroupNode, target: DropTarget) => {
      const previous = queryClient.getQueryData(treeKey);
      if (previous) queryClient.setQueryData(treeKey, { items: applyMove(previous.items, group.id, target) });
      if (target.parent_id) {
        setCollapsed((current) => {
          const next = new Set(current);
          next.delete(target.parent_id as string);
          return next;
        });
      }
      update.mutate(
        { id: group.id, body: target },
        {
          onSuccess: () => showToast(`「${group.name}」を移動しました`, { type: "success" }),
          onError: () => {
            if (previous) queryClient.setQueryData(treeKey, previous);
          },
          onSettled: () => void queryClient.invalidateQueries({ queryKey: groupKeys.all }),
        },
      );
    },
    [queryClient, treeKey, update],
  );

  const dialogs = (
    <>
      <GroupDialog
        state={dialog}
        onClose={() => setDialog(null)}
        workspaceId={workspaceId}
        groups={groups}
        layers={layers}
      />
      <DeleteGroupDialog
        group={deleting}
        childCount={deleting ? groups.filter((group) => group.parent_id === deleting.id).length : 0}
        workspaceId={workspaceId}
        onClose={() => setDeleting(null)}
      />
    </>
  );

  if (tree.isPending) return <TreeSkeleton />;
  if (tree.isError && !tree.data) return <ErrorState error={tree.error} onRetry={() => void tree.refetch()} />;

  if (groups.length === 0) {
    return (
      <>
        <EmptyState
          icon={<AccountTreeOutlined />}
          title="グループはまだありません"
          description={
            canEdit
              ? "最上位のグループ（例：営業本部）から追加し、その下に部や課を追加していきます。"
              : "グループが登録されると、ここに組織の階層が表示されます。"
          }
          action={
            canEdit && (
              <Button
                variant="contained"
                startIcon={<AddOutlined />}
                onClick={() => setDialog({ mode: "create", parent: null })}
              >
                グループを追加
              </Button>
            )
          }
        />
        {dialogs}
      </>
    );
  }

  const parents = rows.filter((row) => row.childCount > 0).map((row) => row.node.id);
  return (
    <>
      <Card>
        <Box
          sx={{
            display: "flex",
            flexWrap: "wrap",
            alignItems: "center",
            gap: 1.5,
            px: 2,
            py: 1.5,
            borderBottom: 1,
            borderColor: "divider",
          }}
        >
          <TextField
            size="small"
            placeholder="グループ名で絞り込み"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            sx={{ maxWidth: 280 }}
            slotProps={{
              htmlInput: { "aria-label": "グループ名で絞り込み" },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchOutlined fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            {filtering ? `${rows.length}件を表示 / 全${groups.length}件` : `全${groups.length}件`}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            size="small"
            color="inherit"
            startIcon={<UnfoldMoreOutlined />}
            disabled={filtering || collapsed.size === 0}
            onClick={() => setCollapsed(new Set())}
          >
            すべて展開
          </Button>
          <Button
            size="small"
            color="inherit"
            startIcon={<UnfoldLessOutlined />}
            disabled={filtering || parents.length === 0}
            onClick={() => setCollapsed(new Set(parents))}
          >
            すべて折りたたむ
          </Button>
        </Box>
        {filtering && canEdit && (
          <Typography variant="caption" sx={{ display: "block", px: 2, pt: 1, color: "text.secondary" }}>
            絞り込み中はドラッグで移動できません。
          </Typography>
        )}
        {shown.length === 0 ? (
          <Typography sx={{ p: 4, textAlign: "center", color: "text.secondary" }}>
            「{filter.trim()}」に一致するグループはありません
          </Typography>
        ) : (
          <GroupTreeList
            rows={shown}
            allGroups={groups}
            layerNames={layerNames}
            collapsed={collapsed}
            onToggle={onToggle}
            canEdit={canEdit}
            canDrag={!filtering && !update.isPending}
            onAction={onAction}
            onMove={onMove}
          />
        )}
      </Card>
      {dialogs}
    </>
  );
}

function TreeSkeleton() {
  return (
    <Card>
      <Stack spacing={0} role="status" aria-label="読み込み中">
        {[0, 1, 2, 1, 2, 0, 1].map((depth, index) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
            key={index}
            sx={{
              display: "flex",
              gap: 1.5,
              alignItems: "center",
              px: 2,
              pl: 2 + depth * 3.5,
              height: 52,
              borderBottom: 1,
              borderColor: "divider",
            }}
          >
            <Skeleton variant="circular" width={20} height={20} />
            <Skeleton variant="text" width={160} />
            <Skeleton variant="rounded" width={48} height={20} />
            <Box sx={{ flexGrow: 1 }} />
            <Skeleton variant="text" width={90} />
          </Box>
        ))}
      </Stack>
    </Card>
  );
}

const TRASH_PAGE = 50;

function GroupTrashSection({ canEdit }: { canEdit: boolean }) {
  const workspaceId = useCurrentWorkspaceId();
  const [page, setPage] = useState(1);
  const trash = useGroups({ workspace_id: workspaceId, trash: "true", page, per_page: TRASH_PAGE });
  const restore = useRestoreGroup();
  const queryClient = useQueryClient();

  if (trash.isPending) return <TreeSkeleton />;
  if (trash.isError && !trash.data) return <ErrorState error={trash.error} onRetry={() => void trash.refetch()} />;
  if (trash.data.items.length === 0) {
    return (
      <EmptyState
        icon={<DeleteOutlineOutlined />}
        title="ゴミ箱は空です"
        description="削除したグループはここに表示され、復元できます。"
      />
    );
  }
  const pages = Math.ceil(trash.data.total / TRASH_PAGE);
  return (
    <Card>
      <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0 }} aria-label="削除したグループ">
        {trash.data.items.map((group) => (
          <Box
            component="li"
            key={group.id}
            sx={{
              display: "flex",
              alignItems: "center",
              gap: 2,
              px: 2,
              py: 1.25,
              borderBottom: 1,
              borderColor: "divider",
            }}
          >
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, fontSize: 14 }} noWrap>
                {group.name}
              </Typography>
              <Typography variant="caption" sx={{ color: "text.secondary" }}>
                削除日時：{formatDateTime(group.deleted_at)}
              </Typography>
            </Box>
            {canEdit && (
              <Button
                size="small"
                variant="outlined"
                startIcon={<RestoreOutlined />}
                aria-label={`「${group.name}」を復元`}
                loading={restore.isPending && restore.variables === group.id}
                onClick={() =>
                  restore.mutate(group.id, {
                    onSuccess: async () => {
                      await Promise.all([
                        queryClient.invalidateQueries({ queryKey: groupKeys.all }),
                        queryClient.invalidateQueries({ queryKey: workspaceKeys.detail(workspaceId) }),
                      ]);
                      showToast(`「${group.name}」を復元しました`, { type: "success" });
                    },
                  })
                }
              >
                復元
              </Button>
            )}
          </Box>
        ))}
      </Box>
      {pages > 1 && (
        <Box sx={{ display: "flex", justifyContent: "center", py: 2 }}>
          <Pagination count={pages} page={page} onChange={(_, value) => setPage(value)} />
        </Box>
      )}
    </Card>
  );
}
