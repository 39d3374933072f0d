import BlockOutlined from "@mui/icons-material/BlockOutlined";
import DeleteOutlineOutlined from "@mui/icons-material/DeleteOutlineOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import GroupAddOutlined from "@mui/icons-material/GroupAddOutlined";
import HowToRegOutlined from "@mui/icons-material/HowToRegOutlined";
import LockOutlined from "@mui/icons-material/LockOutlined";
import PersonAddAlt1Outlined from "@mui/icons-material/PersonAddAlt1Outlined";
import PersonOffOutlined from "@mui/icons-material/PersonOffOutlined";
import SearchOffOutlined from "@mui/icons-material/SearchOffOutlined";
import SendOutlined from "@mui/icons-material/SendOutlined";
import UploadFileOutlined from "@mui/icons-material/UploadFileOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import LinearProgress from "@mui/material/LinearProgress";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Tab from "@mui/material/Tab";
import TablePagination from "@mui/material/TablePagination";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { WorkspaceUser } from "@tasuki/contract/workspace-user/workspace-user.schema";
import { type ComponentType, useCallback, useEffect, useMemo, useState } from "react";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { isApiRequestError } from "../../../lib/api-error.ts";
import { displayName } from "../../../lib/person.ts";
import { signOut, useSignedInSession } from "../../../session/session.ts";
import { useGroupTree } from "../../group/api/list-group-tree.ts";
import { useWorkspace } from "../../workspace/api/get-workspace.ts";
import { listWorkspaceUsers, listWorkspaceUsersQueryOptions } from "../../workspace-user/api/list-workspace-users.ts";
import { usePutWorkspaceUserPosition } from "../../workspace-user/api/put-workspace-user-position.ts";
import { workspaceUserKeys } from "../../workspace-user/api/workspace-user-keys.ts";
import { toGroupOptions } from "../group-options.ts";
import { edgeNeeds, moveItem, neighboursAt } from "../reorder.ts";
import { STATUS_CHANGE_TEXT, type StatusChange } from "../staff-labels.ts";
import { canManageStaff, rowActions } from "../staff-permissions.ts";
import {
  canReorder,
  clearFilters,
  DEFAULT_PER_PAGE,
  hasActiveFilters,
  lastPageIfBeyond,
  PER_PAGE_OPTIONS,
  type StaffSearch,
  toggleSort,
  toListQuery,
  withFilter,
  withPage,
} from "../staff-search.ts";
import { useStaffActions } from "../use-staff-actions.ts";
import { StaffDetailDrawer } from "./staff-detail-drawer.tsx";
import { StaffExportMenu } from "./staff-export-menu.tsx";
import { StaffFormDialog } from "./staff-form-dialog.tsx";
import { StaffImportDialog } from "./staff-import-dialog.tsx";
import { StaffTable } from "./staff-table.tsx";
import { StaffToolbar } from "./staff-toolbar.tsx";
import { type PendingStatusChange, StatusChangeDialog } from "./status-change-dialog.tsx";

export type StaffSearchUpdate = (update: (search: StaffSearch) => StaffSearch, options?: { replace?: boolean }) => void;

const STATUS_ICONS: Record<StatusChange, ComponentType<{ fontSize?: "small" }>> = {
  suspended: BlockOutlined,
  retired: PersonOffOutlined,
  active: HowToRegOutlined,
};

/**
 * スタッフ: the workspace's staff in a server-paginated table (50 a page by default, so 2,000 staff stay
 * quick), with search, filters, sort and page kept in the address. Those with 「スタッフの管理」 invite,
 * edit, change status, reorder, delete and restore, and move staff in and out as CSV; everyone else reads.
 */
export function StaffPage({ search, setSearch }: { search: StaffSearch; setSearch: StaffSearchUpdate }) {
  const session = useSignedInSession();
  const me = session.workspaceUser;
  if (!me) throw new Error("The staff page needs a current workspace");
  const workspaceId = me.workspace_id;
  const manage = canManageStaff(me);
  const trash = Boolean(search.trash) && manage;
  const effective: StaffSearch = { ...search, trash };
  const queryClient = useQueryClient();

  const listQuery = toListQuery(effective, workspaceId);
  const list = useQuery({
    ...listWorkspaceUsersQueryOptions(listQuery),
    // Keep the previous page on screen while the next loads, but never another workspace's staff.
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[2] as { workspace_id?: string } | undefined)?.workspace_id === workspaceId
        ? previous
        : undefined,
  });
  const workspace = useWorkspace(workspaceId);
  const tree = useGroupTree(workspaceId);
  const groups = useMemo(() => toGroupOptions(tree.data?.items ?? []), [tree.data]);
  const positions = useMemo(
    () => [...(workspace.data?.official_positions ?? [])].sort((a, b) => a.rank - b.rank),
    [workspace.data],
  );

  const actions = useStaffActions();
  const move = usePutWorkspaceUserPosition();
  const [menu, setMenu] = useState<{ staff: WorkspaceUser; anchor: HTMLElement } | null>(null);
  const [form, setForm] = useState<{ open: boolean; staff: WorkspaceUser | null }>({ open: false, staff: null });
  const [statusChange, setStatusChange] = useState<PendingStatusChange | null>(null);
  const [importing, setImporting] = useState(false);
  const [restoringId, setRestoringId] = useState<string | null>(null);

  const total = list.data?.total ?? 0;
  const rows = list.data?.items ?? [];
  const reorderable = manage && canReorder(effective) && !list.isPlaceholderData && rows.length > 1;

  // Rows deleted or filters narrowed under the current page: go to the last page that has rows.
  useEffect(() => {
    if (!list.data || list.isPlaceholderData) return;
    const lastPage = lastPageIfBeyond(effective, list.data.total);
    if (lastPage !== null)
      setSearch((current) => ({ ...current, page: lastPage > 1 ? lastPage : undefined }), { replace: true });
  });

  const onFilter = useCallback(
    <K extends "q" | "group_id" | "official_position_id" | "role" | "status">(key: K, value: StaffSearch[K]) =>
      setSearch((current) => withFilter(current, key, value), { replace: key === "q" }),
    [setSearch],
  );

  const openRecord = (staff: WorkspaceUser) => setSearch((current) => ({ ...current, staff_id: staff.id }));
  const closeRecord = () => setSearch((current) => ({ ...current, staff_id: undefined }));
  const openEdit = (staff: WorkspaceUser) => setForm({ open: true, staff });

  const onReorder = async (activeId: string, overId: string) => {
    const data = list.data;
    if (!data) return;
    const from = data.items.findIndex((row) => row.id === activeId);
    const to = data.items.findIndex((row) => row.id === overId);
    if (from < 0 || to < 0) return;
    const key = listWorkspaceUsersQueryOptions(listQuery).queryKey;
    queryClient.setQueryData(key, { ...data, items: moveItem(data.items, from, to) });
    const order = moveItem(
      data.items.map((row) => row.id),
      from,
      to,
    );
    const needs = edgeNeeds(order, to);
    const { page, per_page: perPage } = listQuery;
    // At the edges of the page, the neighbour is the last row of the previous page or the first of the next.
    const edgeRow = async (index: number) =>
      (await listWorkspaceUsers({ ...listQuery, page: index + 1, per_page: 1 })).items[0]?.id ?? null;
    try {
      const before = needs.before && page > 1 ? await edgeRow((page - 1) * perPage - 1) : null;
      const after = needs.after && page * perPage < data.total ? await edgeRow(page * perPage) : null;
      await move.mutateAsync({ params: { id: activeId }, body: neighboursAt(order, to, { before, after }) });
    } catch {
      // The mutation cache has said why; the list is read again below, back in the stored order.
    }
    await queryClient.invalidateQueries({ queryKey: workspaceUserKeys.lists() });
  };

  const accessStopped = isApiRequestError(list.error) && list.error.code === "membership_inactive" ? list.error : null;
  const menuActions = menu ? rowActions(me, menu.staff) : null;
  const filtered = hasActiveFilters(effective);
  const onlyMe = manage && !trash && !filtered && list.data !== undefined && total <= 1;

  const inviteButton = (
    <Button
      variant="contained"
      startIcon={<PersonAddAlt1Outlined />}
      onClick={() => setForm({ open: true, staff: null })}
    >
      スタッフを招待
    </Button>
  );

  if (accessStopped) {
    return (
      <>
        <PageHeader title="スタッフ" />
        <EmptyState
          icon={<LockOutlined />}
          title="このワークスペースを利用できません"
          description={accessStopped.message}
          action={
            <Button variant="outlined" onClick={() => void signOut()}>
              ログアウト
            </Button>
          }
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="スタッフ"
        description={
          manage
            ? "スタッフの招待・編集・ステータス変更と、CSVでの一括登録ができます。"
            : "ワークスペースのスタッフの一覧です。"
        }
        actions={
          manage && (
            <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, "& .MuiButton-root": { whiteSpace: "nowrap" } }}>
              <StaffExportMenu workspaceId={workspaceId} />
              <Button
                variant="outlined"
                color="inherit"
                startIcon={<UploadFileOutlined />}
                onClick={() => setImporting(true)}
                sx={{ borderColor: "divider", bgcolor: "background.paper" }}
              >
                インポート
              </Button>
              {inviteButton}
            </Box>
          )
        }
      />

      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: "hidden" }}>
        {manage && (
          <Tabs
            value={trash ? "trash" : "staff"}
            onChange={(_, value) =>
              setSearch((current) => ({
                ...current,
                trash: value === "trash" ? true : undefined,
                page: undefined,
                staff_id: undefined,
                sort: value === "trash" && current.sort === undefined ? undefined : current.sort,
              }))
            }
            aria-label="表示するスタッフ"
            sx={{ px: 2, borderBottom: 1, borderColor: "divider" }}
          >
            <Tab value="staff" label="スタッフ一覧" />
            <Tab value="trash" label="ゴミ箱" icon={<DeleteOutlineOutlined fontSize="small" />} iconPosition="start" />
          </Tabs>
        )}
        <StaffToolbar
          search={effective}
          groups={groups}
          positions={positions}
          onFilter={onFilter}
          onClear={() => setSearch(clearFilters)}
        />
        {reorderable && (
          <Typography variant="caption" component="p" sx={{ px: 2, pb: 1, color: "text.secondary" }}>
            行の左端の ⋮⋮ をドラッグすると表示順を並べ替えられます。
          </Typography>
        )}
        <Box sx={{ height: 3 }}>{list.isFetching && list.data && <LinearProgress sx={{ height: 3 }} />}</Box>
        {list.isError && !list.data ? (
          <Box sx={{ p: 2 }}>
            <ErrorState error={list.error} title="スタッフを読み込めませんでした" onRetry={() => void list.refetch()} />
          </Box>
        ) : (
          <>
            <StaffTable
              rows={rows}
              offset={(listQuery.page - 1) * listQuery.per_page}
              sort={listQuery.sort}
              order={listQuery.order}
              onSort={(sort) => setSearch((current) => toggleSort(current, sort))}
              loading={list.isPending}
              refreshing={list.isPlaceholderData}
              trash={trash}
              reorderable={reorderable}
              showActions={manage}
              onOpen={openRecord}
              onMenu={(staff, anchor) => setMenu({ staff, anchor })}
              onRestore={async (staff) => {
                setRestoringId(staff.id);
                await actions.restore(staff);
                setRestoringId(null);
              }}
              canRestore={(staff) => rowActions(me, staff).restore}
              restoringId={restoringId}
              onReorder={(activeId, overId) => void onReorder(activeId, overId)}
              empty={
                trash ? (
                  <EmptyState
                    bare
                    icon={<DeleteOutlineOutlined />}
                    title="ゴミ箱は空です"
                    description="削除したスタッフはここに表示され、復元できます。"
                  />
                ) : filtered ? (
                  <EmptyState
                    bare
                    icon={<SearchOffOutlined />}
                    title="条件に一致するスタッフがいません"
                    description="検索語や絞り込みの条件を変えてお試しください。"
                    action={
                      <Button variant="outlined" onClick={() => setSearch(clearFilters)}>
                        条件をクリア
                      </Button>
                    }
                  />
                ) : (
                  <EmptyState bare icon={<GroupAddOutlined />} title="スタッフがいません" />
                )
              }
            />
            {total > 0 && (
              <TablePagination
                component="div"
                count={total}
                page={Math.max(0, listQuery.page - 1)}
                rowsPerPage={listQuery.per_page}
                rowsPerPageOptions={[...PER_PAGE_OPTIONS]}
                onPageChange={(_, page) => setSearch((current) => withPage(current, page))}
                onRowsPerPageChange={(event) =>
                  setSearch((current) => withPage(current, 0, Number(event.target.value) || DEFAULT_PER_PAGE))
                }
                showFirstButton
                showLastButton
                sx={{ borderTop: 1, borderColor: "divider" }}
              />
            )}
          </>
        )}
      </Paper>

      {onlyMe && (
        <Box sx={{ mt: 3 }}>
          <EmptyState
            icon={<GroupAddOutlined />}
            title="チームのメンバーを招待しましょう"
            description="スタッフを招待すると、タスクの割り当てや組織図づくりを一緒に進められます。大人数の場合は、CSVファイルでまとめて登録できます。"
            action={
              <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", justifyContent: "center" }}>
                {inviteButton}
                <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setImporting(true)}>
                  CSVでインポート
                </Button>
              </Box>
            }
          />
        </Box>
      )}

      <Menu
        anchorEl={menu?.anchor}
        open={menu !== null}
        onClose={() => setMenu(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ list: { "aria-label": menu ? `${displayName(menu.staff)}の操作` : undefined, dense: true } }}
      >
        {menu &&
          menuActions && [
            <MenuItem
              key="edit"
              onClick={() => {
                setMenu(null);
                openEdit(menu.staff);
              }}
            >
              <ListItemIcon>
                <EditOutlined fontSize="small" />
              </ListItemIcon>
              <ListItemText>編集</ListItemText>
            </MenuItem>,
            menuActions.resendInvitation && (
              <MenuItem
                key="resend"
                onClick={() => {
                  setMenu(null);
                  void actions.resendInvitation(menu.staff);
                }}
              >
                <ListItemIcon>
                  <SendOutlined fontSize="small" />
                </ListItemIcon>
                <ListItemText>招待メールを再送</ListItemText>
              </MenuItem>
            ),
            menuActions.statusChanges.length > 0 && <Divider key="status-divider" />,
            ...menuActions.statusChanges.map((status) => {
              const Icon = STATUS_ICONS[status];
              return (
                <MenuItem
                  key={status}
                  onClick={() => {
                    setMenu(null);
                    setStatusChange({ staff: menu.staff, status });
                  }}
                >
                  <ListItemIcon>
                    <Icon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText>{STATUS_CHANGE_TEXT[status].menu}</ListItemText>
                </MenuItem>
              );
            }),
            menuActions.remove && <Divider key="remove-divider" />,
            menuActions.remove && (
              <MenuItem
                key="remove"
                sx={{ color: "error.main" }}
                onClick={() => {
                  setMenu(null);
                  void actions.remove(menu.staff);
                }}
              >
                <ListItemIcon sx={{ color: "inherit" }}>
                  <DeleteOutlineOutlined fontSize="small" />
                </ListItemIcon>
                <ListItemText>{menu.staff.status === "invited" ? "招待を取り消して削除" : "削除"}</ListItemText>
              </MenuItem>
            ),
            menuActions.lockedReason && (
              <MenuItem key="locked" disabled sx={{ whiteSpace: "normal", maxWidth: 280 }}>
                <Typography variant="caption">{menuActions.lockedReason}</Typography>
              </MenuItem>
            ),
          ]}
      </Menu>

      <StaffFormDialog
        open={form.open}
        staff={form.staff}
        workspaceId={workspaceId}
        actor={me}
        groups={groups}
        positions={positions}
        onClose={() => setForm((current) => ({ ...current, open: false }))}
      />
      <StatusChangeDialog
        change={statusChange}
        onConfirm={(change) => actions.changeStatus(change.staff, change.status)}
        onClose={() => setStatusChange(null)}
      />
      {manage && <StaffImportDialog open={importing} workspaceId={workspaceId} onClose={() => setImporting(false)} />}
      <StaffDetailDrawer
        staffId={search.staff_id}
        known={rows.find((row) => row.id === search.staff_id)}
        canEdit={(staff) => rowActions(me, staff).edit}
        onEdit={openEdit}
        onClose={closeRecord}
      />
    </>
  );
}
