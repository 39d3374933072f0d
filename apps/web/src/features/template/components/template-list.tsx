import PlaylistAddOutlined from "@mui/icons-material/PlaylistAddOutlined";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListSubheader from "@mui/material/ListSubheader";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { dayBasisLabels, type TemplateKind } from "@tasuki/contract/template/template.schema";
import { ErrorState } from "../../../components/error-state.tsx";
import { primaryItemTplsQueryOptions } from "../api/list-primary-item-tpls.ts";
import { secondaryItemTplsQueryOptions } from "../api/list-secondary-item-tpls.ts";
import { taskTplsQueryOptions } from "../api/list-task-tpls.ts";
import type { Selection } from "./template-selection.ts";

interface ListRow {
  kind: TemplateKind;
  id: string;
  name: string;
  meta: string;
}

export function TemplateList({
  workspaceId,
  tab,
  q,
  selection,
  canManage,
  onSelect,
  onCatalogue,
}: {
  workspaceId: string;
  tab: "task" | "item";
  q: string;
  selection: Selection | null;
  canManage: boolean;
  onSelect: (kind: TemplateKind, id: string) => void;
  onCatalogue: () => void;
}) {
  const tasks = useQuery({ ...taskTplsQueryOptions(workspaceId, q), enabled: tab === "task" });
  const primaries = useQuery({ ...primaryItemTplsQueryOptions(workspaceId, q), enabled: tab === "item" });
  const secondaries = useQuery({ ...secondaryItemTplsQueryOptions(workspaceId, q), enabled: tab === "item" });
  const queries = tab === "task" ? [tasks] : [primaries, secondaries];
  const failed = queries.find((query) => query.isError);
  if (queries.some((query) => query.isPending)) {
    return <Skeleton variant="rounded" height={240} />;
  }
  if (failed?.error) {
    return <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />;
  }
  const sections: { title: string; rows: ListRow[] }[] =
    tab === "task"
      ? [
          {
            title: "タスクテンプレート",
            rows: (tasks.data?.items ?? []).map((item) => ({
              kind: "task",
              id: item.id,
              name: item.title,
              meta: `${item.duration_days}日間・${dayBasisLabels[item.day_basis]}`,
            })),
          },
        ]
      : [
          {
            title: "大項目テンプレート",
            rows: (primaries.data?.items ?? []).map((item) => ({
              kind: "primary_item",
              id: item.id,
              name: item.name,
              meta: `中項目${item.secondary_items.length}・タスク${item.task_count}・${dayBasisLabels[item.day_basis]}`,
            })),
          },
          {
            title: "中項目テンプレート",
            rows: (secondaries.data?.items ?? []).map((item) => ({
              kind: "secondary_item",
              id: item.id,
              name: item.name,
              meta: `タスク${item.task_count}・${dayBasisLabels[item.day_basis]}`,
            })),
          },
        ];
  const empty = sections.every((section) => section.rows.length === 0);

  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: "hidden" }}>
      {empty ? (
        <Box sx={{ p: 3, textAlign: "center" }}>
          <Typography variant="body2" color="text.secondary">
            {q
              ? `「${q}」に一致するテンプレートはありません。`
              : tab === "task"
                ? "タスクテンプレートはまだありません。"
                : "項目テンプレートはまだありません。"}
          </Typography>
          {!q && tab === "item" && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              業種別テンプレート集から始めるか、タスク一覧の大項目を「テンプレートとして保存」できます。
            </Typography>
          )}
        </Box>
      ) : (
        <List dense disablePadding aria-label="テンプレートの一覧">
          {sections
            .filter((section) => section.rows.length > 0 || tab === "item")
            .map((section) => (
              <Box key={section.title} component="li" sx={{ listStyle: "none" }}>
                <Box component="ul" sx={{ p: 0 }}>
                  {tab === "item" && (
                    <ListSubheader sx={{ lineHeight: "32px", fontWeight: 700, bgcolor: "grey.50" }}>
                      {section.title}（{section.rows.length}）
                    </ListSubheader>
                  )}
                  {section.rows.length === 0 && (
                    <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, py: 1 }}>
                      ありません
                    </Typography>
                  )}
                  {section.rows.map((row) => (
                    <ListItemButton
                      key={row.id}
                      selected={selection?.id === row.id}
                      onClick={() => onSelect(row.kind, row.id)}
                      sx={{ display: "block", py: 0.75, borderBottom: 1, borderColor: "divider" }}
                    >
                      <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                        {row.name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {row.meta}
                      </Typography>
                    </ListItemButton>
                  ))}
                </Box>
              </Box>
            ))}
        </List>
      )}
      {tab === "item" && (
        <>
          <Divider />
          <ListItemButton onClick={onCatalogue} sx={{ py: 1.25, gap: 1.5 }}>
            <PlaylistAddOutlined color="primary" />
            <Box>
              <Typography variant="body2" sx={{ fontWeight: 700, color: "primary.main" }}>
                業種別テンプレート集
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {canManage ? "自社の業種に合わせた大項目テンプレートから選んで追加" : "業種ごとのテンプレートを見る"}
              </Typography>
            </Box>
          </ListItemButton>
        </>
      )}
    </Paper>
  );
}
