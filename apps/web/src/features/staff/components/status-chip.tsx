import Chip from "@mui/material/Chip";
import type { WorkspaceUserStatus } from "@tasuki/contract/common/common.schema";
import { STATUS_COLOURS, STATUS_LABELS } from "../staff-labels.ts";

export function StatusChip({ status }: { status: WorkspaceUserStatus }) {
  const colour = STATUS_COLOURS[status];
  return (
    <Chip
      size="small"
      label={STATUS_LABELS[status]}
      color={colour}
      variant={status === "active" ? "filled" : "outlined"}
      sx={{ fontWeight: 600, minWidth: 56, ...(status === "retired" && { color: "text.secondary" }) }}
    />
  );
}
