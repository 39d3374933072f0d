import AddOutlined from "@mui/icons-material/AddOutlined";
import FilterAltOffOutlined from "@mui/icons-material/FilterAltOffOutlined";
import TaskAltOutlined from "@mui/icons-material/TaskAltOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import { EmptyState } from "../../../components/empty-state.tsx";
import type { TaskTab } from "../../../lib/task-labels.ts";

/** What an empty list says: per tab (管理 speaks of tasks you manage), the trash, filters, or only finished work. */
export function TaskListEmpty({
  tab,
  trash,
  filtered,
  onlyUnfinished,
  onClearFilters,
  onShowAll,
  onAdd,
}: {
  tab: TaskTab;
  trash: boolean;
  filtered: boolean;
  onlyUnfinished: boolean;
  onClearFilters: () => void;
  onShowAll: () => void;
  onAdd?: () => void;
}) {
  if (trash) {
    return (
      <EmptyState
        bare
        icon={<TaskAltOutlined />}
        title="ゴミ箱は空です"
        description="削除したタスクはここに表示され、30日以内なら復元できます。"
      />
    );
  }
  if (filtered) {
    return (
      <EmptyState
        bare
        icon={<FilterAltOffOutlined />}
        title="条件に一致するタスクはありません"
        description="絞り込みの条件を変えるか、クリアしてください。"
        action={
          <Button variant="outlined" startIcon={<FilterAltOffOutlined />} onClick={onClearFilters}>
            条件をクリア
          </Button>
        }
      />
    );
  }
  const titles: Record<TaskTab, string> = {
    me: "担当している未完了のタスクはありません",
    group: "所属グループの未完了のタスクはありません",
    management: "管理している未完了のタスクはありません",
    public: "公開されている未完了のタスクはありません",
    project: "このプロジェクトには未完了のタスクがありません",
  };
  const descriptions: Record<TaskTab, string> = {
    me: "「タスクを追加」で自分の担当のタスクを作成できます。",
    group: "所属グループのタスクがここに表示されます。グループの行の「＋タスク」から追加できます。",
    management:
      "あなたが管理者に設定されたタスクがここに表示されます。部下や同僚に任せたタスクは、管理者を自分にすると追いかけられます。",
    public: "全社に公開されたタスクがここに表示されます。",
    project: "プロジェクトの行の「＋タスク」「＋大項目」から計画を作りましょう。",
  };
  return (
    <EmptyState
      bare
      icon={<TaskAltOutlined />}
      title={onlyUnfinished ? titles[tab] : titles[tab].replace("未完了の", "")}
      description={descriptions[tab]}
      action={
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", justifyContent: "center" }}>
          {onAdd && (
            <Button variant="contained" startIcon={<AddOutlined />} onClick={onAdd}>
              タスクを追加
            </Button>
          )}
          {onlyUnfinished && (
            <Button variant="outlined" onClick={onShowAll}>
              完了したタスクも表示
            </Button>
          )}
        </Box>
      }
    />
  );
}

const SKELETON_ROWS = [
  { key: "a", width: 160 },
  { key: "b", width: 280 },
  { key: "c", width: 240 },
  { key: "d", width: 160 },
  { key: "e", width: 300 },
  { key: "f", width: 220 },
  { key: "g", width: 200 },
  { key: "h", width: 260 },
];

export function TaskListSkeleton() {
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: "hidden" }} role="status" aria-label="読み込み中">
      {SKELETON_ROWS.map(({ key, width }) => (
        <Box
          key={key}
          sx={{
            display: "flex",
            alignItems: "center",
            gap: 2,
            px: 2,
            height: 48,
            borderBottom: 1,
            borderColor: "divider",
          }}
        >
          <Skeleton variant="rounded" width={18} height={18} />
          <Skeleton variant="text" width={width} />
          <Box sx={{ flexGrow: 1 }} />
          <Skeleton variant="rounded" width={80} height={24} />
          <Skeleton variant="text" width={100} />
          <Skeleton variant="text" width={90} />
        </Box>
      ))}
    </Paper>
  );
}
