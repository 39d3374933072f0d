import DeleteOutlineOutlined from "@mui/icons-material/DeleteOutlineOutlined";
import FileDownloadOutlined from "@mui/icons-material/FileDownloadOutlined";
import LibraryAddOutlined from "@mui/icons-material/LibraryAddOutlined";
import ListAltOutlined from "@mui/icons-material/ListAltOutlined";
import MoreVertOutlined from "@mui/icons-material/MoreVertOutlined";
import PaletteOutlined from "@mui/icons-material/PaletteOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import type { Theme } from "@mui/material/styles";
import Tabs from "@mui/material/Tabs";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useNavigate } from "@tanstack/react-router";
import { lazy, Suspense, useMemo, useState } from "react";
import { PageHeader } from "../../../components/page-header.tsx";
import { TabLink } from "../../../components/router-link.tsx";
import { useTemplateEntryPoints } from "../../../components/template-entry-points.ts";
import { treeRows } from "../../../lib/group-tree.ts";
import { TAB_DESCRIPTIONS, TAB_LABELS, TAB_ORDER, type TaskTab } from "../../../lib/task-labels.ts";
import { useCurrentWorkspaceId } from "../../../session/current-workspace.ts";
import { useGroupTree } from "../../group/api/list-group-tree.ts";
import { useAllProjects } from "../../project/api/list-projects.ts";
import { loadTaskDetailDrawer } from "../detail/load-task-detail-drawer.ts";
import { ALL_STATUSES, rememberedTabSearch, rememberTabSearch, type TaskSearch } from "../task-search.ts";
import { TaskViewHost } from "../views/task-view-host.tsx";
import { TaskViewSwitcher } from "../views/task-view-switcher.tsx";
import { ProjectPicker } from "./project-picker.tsx";
import { TaskFilterBar } from "./task-filter-bar.tsx";
import { TaskListSection } from "./task-list-section.tsx";

// The drawer (editors, rule preview, history) and the phone's legend dialog load on the first open, not with the list.
const DeadlineLegendDialog = lazy(() =>
  import("./task-legend-dialog.tsx").then((module) => ({ default: module.DeadlineLegendDialog })),
);
const TaskDetailDrawer = lazy(() => loadTaskDetailDrawer().then((module) => ({ default: module.TaskDetailDrawer })));

const TAB_PATHS = {
  me: "/task/me",
  group: "/task/group",
  management: "/task/management",
  public: "/task/public",
  project: "/task/project",
} as const satisfies Record<TaskTab, string>;

/**
 * The task list of one tab (自分・グループ・管理・公開・プロジェクト): filters, sort and the trash view in the
 * address, the grouped list, and the detail drawer named by `task` so a task link can be shared.
 */
export function TaskListPage({ tab, search }: { tab: TaskTab; search: TaskSearch }) {
  const workspaceId = useCurrentWorkspaceId();
  const navigate = useNavigate();
  const tree = useGroupTree(workspaceId);
  const projects = useAllProjects({ workspace_id: workspaceId });
  const [exportRequest, setExportRequest] = useState(0);
  const templates = useTemplateEntryPoints(workspaceId);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [legendOpen, setLegendOpen] = useState(false);
  const [legendUsed, setLegendUsed] = useState(false);
  if (legendOpen && !legendUsed) setLegendUsed(true);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down("md"));
  // Mounted from the first open on, so later closes still slide out.
  const [drawerUsed, setDrawerUsed] = useState(Boolean(search.task));
  if (search.task && !drawerUsed) setDrawerUsed(true);
  rememberTabSearch(tab, search);

  const setSearch = (patch: Partial<TaskSearch>, options: { push?: boolean } = {}) =>
    void navigate({
      to: TAB_PATHS[tab],
      search: { ...search, ...patch },
      // Typing in a filter would otherwise fill the history with one entry per keystroke.
      replace: !options.push,
    });

  const groupOptions = useMemo(
    () => treeRows(tree.data?.items ?? []).map((row) => ({ id: row.node.id, name: row.node.name, depth: row.depth })),
    [tree.data],
  );
  const projectOptions = useMemo(
    () => (projects.data?.items ?? []).map((project) => ({ id: project.id, name: project.name })),
    [projects.data],
  );
  const trash = search.view === "trash";
  const needsProject = tab === "project" && !search.project_id;

  return (
    <>
      <PageHeader
        title="タスク"
        description={phone ? undefined : TAB_DESCRIPTIONS[tab]}
        actions={
          !phone && (
            <>
              <Button
                variant="outlined"
                startIcon={trash ? <ListAltOutlined /> : <DeleteOutlineOutlined />}
                onClick={() => setSearch({ view: trash ? undefined : "trash" }, { push: true })}
              >
                {trash ? "一覧に戻る" : "ゴミ箱"}
              </Button>
              {!trash && (
                <Button
                  variant="outlined"
                  startIcon={<LibraryAddOutlined />}
                  onClick={() => {
                    const project = projects.data?.items.find((p) => p.id === search.project_id);
                    templates.addFrom(
                      tab === "project" && project
                        ? { kind: "project", id: project.id, name: project.name }
                        : undefined,
                    );
                  }}
                >
                  テンプレートから追加
                </Button>
              )}
              <Button
                variant="outlined"
                startIcon={<FileDownloadOutlined />}
                disabled={needsProject}
                onClick={() => setExportRequest((n) => n + 1)}
              >
                CSV出力
              </Button>
            </>
          )
        }
      />
      <Paper variant="outlined" sx={{ borderRadius: 3 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: { xs: 0, sm: 1 }, pr: { xs: 0.5, sm: 2 } }}>
          <Tabs
            value={tab}
            aria-label="タスクの表示切り替え"
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ px: { xs: 0, md: 2 }, flex: 1, minWidth: 0 }}
          >
            {TAB_ORDER.map((value) => (
              <TabLink
                key={value}
                value={value}
                label={TAB_LABELS[value]}
                to={TAB_PATHS[value]}
                // The view (ボード, カレンダー …) goes along to the other tab; its filters are that tab's own.
                search={value === tab ? search : { ...rememberedTabSearch(value), layout: search.layout }}
              />
            ))}
          </Tabs>
          {!trash && (
            <TaskViewSwitcher
              value={search.layout ?? "list"}
              onChange={(layout) => setSearch({ layout: layout === "list" ? undefined : layout }, { push: true })}
            />
          )}
          {/* A phone keeps the list on the first screen: the page's actions and the legend fold into one menu. */}
          {phone && (
            <IconButton aria-label="タスクのその他の操作" onClick={(event) => setMenu(event.currentTarget)}>
              <MoreVertOutlined />
            </IconButton>
          )}
        </Box>
        <Menu open={menu !== null} anchorEl={menu} onClose={() => setMenu(null)}>
          <MenuItem
            onClick={() => {
              setMenu(null);
              setSearch({ view: trash ? undefined : "trash" }, { push: true });
            }}
          >
            <ListItemIcon>
              {trash ? <ListAltOutlined fontSize="small" /> : <DeleteOutlineOutlined fontSize="small" />}
            </ListItemIcon>
            {trash ? "一覧に戻る" : "ゴミ箱"}
          </MenuItem>
          {!trash && (
            <MenuItem
              onClick={() => {
                setMenu(null);
                const project = projects.data?.items.find((p) => p.id === search.project_id);
                templates.addFrom(
                  tab === "project" && project ? { kind: "project", id: project.id, name: project.name } : undefined,
                );
              }}
            >
              <ListItemIcon>
                <LibraryAddOutlined fontSize="small" />
              </ListItemIcon>
              テンプレートから追加
            </MenuItem>
          )}
          <MenuItem
            disabled={needsProject}
            onClick={() => {
              setMenu(null);
              setExportRequest((n) => n + 1);
            }}
          >
            <ListItemIcon>
              <FileDownloadOutlined fontSize="small" />
            </ListItemIcon>
            CSV出力
          </MenuItem>
          <MenuItem
            onClick={() => {
              setMenu(null);
              setLegendOpen(true);
            }}
          >
            <ListItemIcon>
              <PaletteOutlined fontSize="small" />
            </ListItemIcon>
            行の色の見方
          </MenuItem>
        </Menu>
        <Suspense fallback={null}>
          {legendUsed && (
            <DeadlineLegendDialog
              open={legendOpen}
              draggable={search.sort === "manual" && !trash}
              trash={trash}
              onClose={() => setLegendOpen(false)}
            />
          )}
        </Suspense>
        <Divider />
        {tab === "project" && (
          <Box sx={{ px: 2, pt: 2 }}>
            <ProjectPicker
              projects={projects.data?.items ?? []}
              loading={projects.isPending}
              value={search.project_id}
              onChange={(projectId) => setSearch({ project_id: projectId }, { push: true })}
            />
          </Box>
        )}
        <TaskFilterBar
          workspaceId={workspaceId}
          tab={tab}
          search={search}
          groups={groupOptions}
          projects={projectOptions}
          onChange={(patch) => setSearch(patch)}
        />
        {trash && (
          <Box sx={{ px: 2, pb: 1.5, color: "text.secondary", fontSize: 13 }}>
            ゴミ箱のタスクです。復元すると元の場所に戻ります。削除から30日を過ぎたものは自動的に完全に削除されます。
          </Box>
        )}
      </Paper>
      <Box sx={{ mt: 2 }}>
        {search.layout && !trash ? (
          <TaskViewHost
            layout={search.layout}
            workspaceId={workspaceId}
            tab={tab}
            search={search}
            projects={projects.data?.items ?? []}
            onOpenTask={(taskId) => setSearch({ task: taskId }, { push: true })}
            onSearch={(patch) => setSearch(patch)}
          />
        ) : (
          <TaskListSection
            key={`${tab}:${search.project_id ?? ""}:${trash}`}
            workspaceId={workspaceId}
            tab={tab}
            search={search}
            groups={tree.data?.items ?? []}
            projects={projects.data?.items ?? []}
            exportRequest={exportRequest}
            templates={templates}
            onOpenTask={(taskId) => setSearch({ task: taskId }, { push: true })}
            onShowAllStatuses={() => setSearch({ status: ALL_STATUSES }, { push: true })}
            onClearFilters={() =>
              setSearch({
                status: undefined,
                priority: undefined,
                assignee_id: undefined,
                manager_id: undefined,
                group_id: undefined,
                from: undefined,
                to: undefined,
                q: undefined,
              })
            }
          />
        )}
      </Box>
      {templates.dialogs}
      {drawerUsed && (
        <Suspense fallback={null}>
          <TaskDetailDrawer
            workspaceId={workspaceId}
            taskId={search.task ?? null}
            onClose={() => setSearch({ task: undefined }, { push: true })}
          />
        </Suspense>
      )}
    </>
  );
}
