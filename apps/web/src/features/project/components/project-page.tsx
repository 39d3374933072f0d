import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import AddOutlined from "@mui/icons-material/AddOutlined";
import DeleteOutlineOutlined from "@mui/icons-material/DeleteOutlineOutlined";
import FolderOpenOutlined from "@mui/icons-material/FolderOpenOutlined";
import RestoreOutlined from "@mui/icons-material/RestoreOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import MenuItem from "@mui/material/MenuItem";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import type { Project } from "@tasuki/contract/project/project.schema";
import { useCallback, useMemo, useState } from "react";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { formatDateTime } from "../../../lib/date.ts";
import { treeRows } from "../../../lib/group-tree.ts";
import { placeBetween, projectMove, projectSections } from "../../../lib/project-sections.ts";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { useCurrentWorkspaceId } from "../../../session/current-workspace.ts";
import { hasPermission } from "../../../session/permissions.ts";
import { useSignedInSession } from "../../../session/session.ts";
import { useGroupTree } from "../../group/api/list-group-tree.ts";
import { deleteProject } from "../api/delete-project.ts";
import { type ListProjectsQuery, listAllProjectsQueryOptions, useAllProjects } from "../api/list-projects.ts";
import { projectKeys } from "../api/project-keys.ts";
import { usePutProjectPosition } from "../api/put-project-position.ts";
import { restoreProject, useRestoreProject } from "../api/restore-project.ts";
import { useUpdateProject } from "../api/update-project.ts";
import { ProjectDialog, type ProjectDialogState } from "./project-dialog.tsx";
import { type ProjectAction, ProjectRow } from "./project-row.tsx";

const ALL = "__all__";

/** プロジェクト: the workspace's projects by owning group. Filters and the trash view live in the address. */
export function ProjectPage() {
  const search = useSearch({ from: "/_app/organization/project" });
  const navigate = useNavigate({ from: "/organization/project" });
  const session = useSignedInSession();
  const canManage = hasPermission(session.workspaceUser, "manage_projects");
  const [dialog, setDialog] = useState<ProjectDialogState | null>(null);
  const workspaceId = useCurrentWorkspaceId();
  const tree = useGroupTree(workspaceId);
  const groups = tree.data?.items ?? [];
  const trash = search.view === "trash" && canManage;

  return (
    <>
      <PageHeader
        title="プロジェクト"
        description={
          canManage
            ? "グループが担当するプロジェクトを管理します。行をドラッグすると並び順を変えられます。"
            : "所属グループのプロジェクトと、あなたが参加しているプロジェクトを表示します。"
        }
        actions={
          canManage && !trash ? (
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => setDialog({ mode: "create", groupId: search.group_id ?? null })}
            >
              プロジェクトを作成
            </Button>
          ) : undefined
        }
      />
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2, mb: 2 }}>
        <Tabs
          value={trash ? "trash" : "list"}
          onChange={(_, value) =>
            void navigate({ search: (prev) => ({ ...prev, view: value === "trash" ? "trash" : undefined }) })
          }
          aria-label="プロジェクトの表示"
        >
          <Tab value="list" label="プロジェクト一覧" />
          {canManage && (
            <Tab value="trash" label="ゴミ箱" icon={<DeleteOutlineOutlined fontSize="small" />} iconPosition="start" />
          )}
        </Tabs>
        <Box sx={{ flexGrow: 1 }} />
        <TextField
          select
          size="small"
          label="グループ"
          value={search.group_id ?? ALL}
          onChange={(event) =>
            void navigate({
              search: (prev) => ({ ...prev, group_id: event.target.value === ALL ? undefined : event.target.value }),
            })
          }
          sx={{ width: 220 }}
        >
          <MenuItem value={ALL}>すべてのグループ</MenuItem>
          {treeRows(groups).map((row) => (
            <MenuItem key={row.node.id} value={row.node.id} sx={{ pl: 2 + row.depth * 2 }}>
              {row.node.name}
            </MenuItem>
          ))}
        </TextField>
        {!trash && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={search.status ?? ALL}
            onChange={(_, value: string | null) => {
              if (value === null) return;
              void navigate({
                search: (prev) => ({ ...prev, status: value === ALL ? undefined : (value as Project["status"]) }),
              });
            }}
            aria-label="状態で絞り込み"
          >
            <ToggleButton value={ALL}>すべて</ToggleButton>
            <ToggleButton value="active">進行中</ToggleButton>
            <ToggleButton value="archived">アーカイブ</ToggleButton>
          </ToggleButtonGroup>
        )}
      </Box>
      {trash ? (
        <ProjectTrash workspaceId={workspaceId} groupId={search.group_id} canManage={canManage} />
      ) : (
        <ProjectList
          query={{ workspace_id: workspaceId, group_id: search.group_id, status: search.status }}
          groupOrder={treeRows(groups).map((row) => row.node)}
          canManage={canManage}
          myId={session.workspaceUser?.id}
          filtered={Boolean(search.group_id || search.status)}
          onCreate={() => setDialog({ mode: "create", groupId: search.group_id ?? null })}
          onEdit={(project) => setDialog({ mode: "edit", project })}
        />
      )}
      <ProjectDialog state={dialog} onClose={() => setDialog(null)} workspaceId={workspaceId} groups={groups} />
    </>
  );
}

function ProjectList({
  query,
  groupOrder,
  canManage,
  myId,
  filtered,
  onCreate,
  onEdit,
}: {
  query: Omit<ListProjectsQuery, "page" | "per_page">;
  groupOrder: { id: string; name: string }[];
  canManage: boolean;
  myId: string | undefined;
  filtered: boolean;
  onCreate: () => void;
  onEdit: (project: Project) => void;
}) {
  const projects = useAllProjects(query);
  const queryClient = useQueryClient();
  const update = useUpdateProject();
  const move = usePutProjectPosition();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const sections = useMemo(() => projectSections(projects.data?.items ?? [], groupOrder), [projects.data, groupOrder]);
  const listKey = listAllProjectsQueryOptions(query).queryKey;

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: projectKeys.all }), [queryClient]);

  const onAction = useCallback(
    (action: ProjectAction, project: Project) => {
      if (action === "edit") return onEdit(project);
      if (action === "archive" || action === "unarchive") {
        const status = action === "archive" ? "archived" : "active";
        update.mutate(
          { id: project.id, body: { status } },
          {
            onSuccess: () => {
              void refresh();
              showToast(
                action === "archive"
                  ? `「${project.name}」をアーカイブしました`
                  : `「${project.name}」のアーカイブを解除しました`,
                { type: "success" },
              );
            },
          },
        );
        return;
      }
      void deleteProject(project.id)
        .then(async () => {
          await refresh();
          showToast(`「${project.name}」を削除しました`, {
            onUndo: () => {
              void restoreProject(project.id)
                .then(async () => {
                  await refresh();
                  showToast(`「${project.name}」を元に戻しました`, { type: "success" });
                })
                .catch(showErrorToast);
            },
          });
        })
        .catch(showErrorToast);
    },
    [onEdit, refresh, update],
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const section = sections.find((item) => item.projects.some((project) => project.id === active.id));
    // A project changes group in its edit dialog, not by dragging between sections.
    if (!section?.projects.some((project) => project.id === over.id)) return;
    const result = projectMove(section.projects, String(active.id), String(over.id));
    if (!result) return;
    const neighbours = { prev_id: result.prev_id, next_id: result.next_id };
    const previous = queryClient.getQueryData(listKey);
    if (previous) {
      queryClient.setQueryData(listKey, {
        ...previous,
        items: placeBetween(previous.items, String(active.id), neighbours),
      });
    }
    move.mutate(
      { id: String(active.id), body: neighbours },
      {
        onError: () => {
          if (previous) queryClient.setQueryData(listKey, previous);
        },
        onSettled: () => void refresh(),
      },
    );
  };

  if (projects.isPending) return <ProjectSkeleton />;
  if (projects.isError && !projects.data) {
    return <ErrorState error={projects.error} onRetry={() => void projects.refetch()} />;
  }
  if (sections.length === 0) {
    return (
      <EmptyState
        icon={<FolderOpenOutlined />}
        title={filtered ? "条件に一致するプロジェクトはありません" : "プロジェクトはまだありません"}
        description={
          filtered
            ? "グループや状態の絞り込みを変更してください。"
            : canManage
              ? "プロジェクトを作成して、担当グループ・責任者・期間を設定しましょう。"
              : "あなたが参加しているプロジェクトがここに表示されます。"
        }
        action={
          canManage &&
          !filtered && (
            <Button variant="contained" startIcon={<AddOutlined />} onClick={onCreate}>
              プロジェクトを作成
            </Button>
          )
        }
      />
    );
  }

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <Stack spacing={2.5}>
        {sections.map((section) => (
          <Card key={section.key} component="section" aria-label={section.title}>
            <Box
              sx={{
                display: "flex",
                alignItems: "center",
                gap: 1,
                px: 2,
                py: 1.25,
                bgcolor: "#fafbfd",
                borderBottom: 1,
                borderColor: "divider",
              }}
            >
              <Typography
                variant="h6"
                component="h2"
                sx={{ color: section.groupId ? "text.primary" : "text.secondary" }}
              >
                {section.title}
              </Typography>
              <Typography variant="caption" sx={{ color: "text.secondary" }}>
                {section.projects.length}件
              </Typography>
            </Box>
            <SortableContext
              items={section.projects.map((project) => project.id)}
              strategy={verticalListSortingStrategy}
            >
              <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
                {section.projects.map((project) => (
                  <ProjectRow
                    key={project.id}
                    project={project}
                    canEdit={canManage || (myId !== undefined && project.manager?.id === myId)}
                    canManage={canManage}
                    canDrag={canManage && !move.isPending}
                    onAction={onAction}
                  />
                ))}
              </Box>
            </SortableContext>
          </Card>
        ))}
      </Stack>
    </DndContext>
  );
}

function ProjectSkeleton() {
  return (
    <Stack spacing={2.5} role="status" aria-label="読み込み中">
      {[3, 2].map((count, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
        <Card key={index}>
          <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: "divider" }}>
            <Skeleton variant="text" width={120} />
          </Box>
          {Array.from({ length: count }, (_, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
            <Box key={row} sx={{ display: "flex", alignItems: "center", gap: 2, px: 2, height: 60 }}>
              <Skeleton variant="circular" width={12} height={12} />
              <Skeleton variant="text" width={200} />
              <Box sx={{ flexGrow: 1 }} />
              <Skeleton variant="text" width={100} />
              <Skeleton variant="text" width={160} />
              <Skeleton variant="rounded" width={56} height={24} />
            </Box>
          ))}
        </Card>
      ))}
    </Stack>
  );
}

function ProjectTrash({
  workspaceId,
  groupId,
  canManage,
}: {
  workspaceId: string;
  groupId: string | undefined;
  canManage: boolean;
}) {
  const projects = useAllProjects({ workspace_id: workspaceId, group_id: groupId, trash: "true" });
  const restore = useRestoreProject();
  const queryClient = useQueryClient();

  if (projects.isPending) return <ProjectSkeleton />;
  if (projects.isError && !projects.data) {
    return <ErrorState error={projects.error} onRetry={() => void projects.refetch()} />;
  }
  if (projects.data.items.length === 0) {
    return (
      <EmptyState
        icon={<DeleteOutlineOutlined />}
        title="ゴミ箱は空です"
        description="削除したプロジェクトはここに表示され、復元できます。"
      />
    );
  }
  return (
    <Card>
      <Box component="ul" aria-label="削除したプロジェクト" sx={{ listStyle: "none", m: 0, p: 0 }}>
        {projects.data.items.map((project) => (
          <Box
            component="li"
            key={project.id}
            aria-label={project.name}
            sx={{
              display: "flex",
              alignItems: "center",
              gap: 2,
              px: 2,
              py: 1.25,
              borderBottom: 1,
              borderColor: "divider",
              "&:last-of-type": { borderBottom: 0 },
            }}
          >
            <Box
              aria-hidden
              sx={{ width: 12, height: 12, borderRadius: "50%", bgcolor: project.color, flexShrink: 0 }}
            />
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, fontSize: 14 }} noWrap>
                {project.name}
              </Typography>
              <Typography variant="caption" sx={{ color: "text.secondary" }}>
                {project.group?.name ?? "未所属"}・削除日時：{formatDateTime(project.deleted_at)}
              </Typography>
            </Box>
            {canManage && (
              <Button
                size="small"
                variant="outlined"
                startIcon={<RestoreOutlined />}
                aria-label={`「${project.name}」を復元`}
                loading={restore.isPending && restore.variables === project.id}
                onClick={() =>
                  restore.mutate(project.id, {
                    onSuccess: async () => {
                      await queryClient.invalidateQueries({ queryKey: projectKeys.all });
                      showToast(`「${project.name}」を復元しました`, { type: "success" });
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
    </Card>
  );
}
