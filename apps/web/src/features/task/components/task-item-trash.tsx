import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useQueries, useQueryClient } from "@tanstack/react-query";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { restoreItem } from "../api/item-level.ts";
import { usePrimaryItems } from "../api/list-primary-items.ts";
import { secondaryItemsQueryOptions } from "../api/list-secondary-items.ts";
import { itemKeys, taskKeys } from "../api/task-keys.ts";

/** ゴミ箱 of the プロジェクト tab: its 大項目 and 中項目; restoring one brings back what was deleted with it. */
export function TaskItemTrash({ workspaceId, projectId }: { workspaceId: string; projectId: string }) {
  const deletedPrimaries = usePrimaryItems(workspaceId, projectId, true);
  const livePrimaries = usePrimaryItems(workspaceId, projectId);
  const deletedSecondaries = useQueries({
    queries: (livePrimaries.data ?? []).map((item) => secondaryItemsQueryOptions(workspaceId, item.id, true)),
  });
  const queryClient = useQueryClient();
  const entries = [
    ...(deletedPrimaries.data ?? []).map((item) => ({ level: "primary" as const, item })),
    ...deletedSecondaries.flatMap((q) => (q.data ?? []).map((item) => ({ level: "secondary" as const, item }))),
  ];
  if (!entries.length) return null;
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, mb: 2 }} aria-label="削除した大項目・中項目">
      <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5, pb: 1, fontWeight: 700 }}>
        削除した大項目・中項目
      </Typography>
      {entries.map(({ level, item }) => (
        <Box
          key={item.id}
          sx={{ display: "flex", alignItems: "center", gap: 1.5, px: 2, py: 1, borderTop: 1, borderColor: "divider" }}
        >
          <Typography variant="caption" sx={{ color: "text.secondary", fontWeight: 700, width: 40 }}>
            {level === "primary" ? "大項目" : "中項目"}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600, flexGrow: 1 }}>
            {item.name}
          </Typography>
          <Button
            size="small"
            onClick={() =>
              void restoreItem(level, item.id)
                .then(async () => {
                  await Promise.all([
                    queryClient.invalidateQueries({ queryKey: itemKeys.all }),
                    queryClient.invalidateQueries({ queryKey: taskKeys.all }),
                  ]);
                  showToast(`「${item.name}」を配下のタスクとともに復元しました`, { type: "success" });
                })
                .catch(showErrorToast)
            }
          >
            復元
          </Button>
        </Box>
      ))}
    </Paper>
  );
}
