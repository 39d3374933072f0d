import ArrowForwardOutlined from "@mui/icons-material/ArrowForwardOutlined";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { TaskDetail } from "@tasuki/contract/task/task.schema";
import { PersonAvatar } from "../../../components/person-avatar.tsx";
import { formatDateTime } from "../../../lib/date.ts";
import { displayName } from "../../../lib/person.ts";
import { StatusBadge } from "./task-status-select.tsx";

/** Who changed the status when, newest first (DOMAIN.md: every change is recorded). */
export function TaskStatusHistory({ history }: { history: TaskDetail["status_history"] }) {
  const rows = [...history].sort((a, b) => b.changed_at.localeCompare(a.changed_at));
  if (rows.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        ステータスはまだ変更されていません。
      </Typography>
    );
  }
  return (
    <Box component="ol" aria-label="ステータス履歴" sx={{ listStyle: "none", m: 0, p: 0 }}>
      {rows.map((change, index) => (
        <Box
          component="li"
          // Two changes of one task never share the same instant, from and to.
          key={`${change.changed_at}-${change.from}-${change.to}`}
          sx={{
            display: "grid",
            gridTemplateColumns: "32px minmax(0, 1fr) auto",
            alignItems: "center",
            columnGap: 1.5,
            py: 1.25,
            borderTop: index === 0 ? 0 : 1,
            borderColor: "divider",
          }}
        >
          {change.changed_by ? (
            <PersonAvatar person={change.changed_by} size={28} />
          ) : (
            <Box sx={{ width: 28, height: 28, borderRadius: "50%", bgcolor: "grey.200" }} />
          )}
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
              {change.changed_by ? displayName(change.changed_by) : "削除されたスタッフ"}
            </Typography>
            <Stack direction="row" spacing={0.75} sx={{ alignItems: "center", mt: 0.25 }}>
              <StatusBadge status={change.from} />
              <ArrowForwardOutlined sx={{ fontSize: 16, color: "text.secondary" }} aria-label="から" />
              <StatusBadge status={change.to} />
            </Stack>
          </Box>
          <Typography
            variant="caption"
            component="time"
            dateTime={change.changed_at}
            sx={{ color: "text.secondary", fontVariantNumeric: "tabular-nums" }}
          >
            {formatDateTime(change.changed_at)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
