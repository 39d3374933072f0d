import Box from "@mui/material/Box";
import type { Theme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useQuery } from "@tanstack/react-query";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { memo, useEffect, useLayoutEffect, useRef, useState } from "react";
import { primaryItemNamesQueryOptions } from "../api/primary-item-id-names.ts";
import { secondaryItemNamesQueryOptions } from "../api/secondary-item-id-names.ts";
import type { TaskListRow } from "../task-rows.ts";
import { TaskAdditionRow } from "./task-addition-row.tsx";
import { HeaderRowView } from "./task-header-row.tsx";
import { COMPACT_TASK_ROW_HEIGHT, type HeaderActions, ROW_HEIGHT, type TaskRowActions } from "./task-list-rows.tsx";
import { TaskRowView } from "./task-row.tsx";

type ItemRow = Extract<TaskListRow, { kind: "primaryItem" }>;

/**
 * The rows on screen. Scrolling re-renders only this component: the list around it (and the drag-and-drop
 * context every row listens to) stays as it is, and unchanged rows are skipped (memo).
 */
export function VirtualRows({
  rows,
  workspaceId,
  selected,
  collapsed,
  rowActions,
  headerActions,
  onAdd,
  onCloseAdd,
  dropTarget,
}: {
  rows: readonly TaskListRow[];
  workspaceId: string;
  selected: ReadonlySet<string>;
  collapsed: ReadonlySet<string>;
  rowActions: TaskRowActions;
  headerActions: HeaderActions;
  onAdd: (row: Extract<TaskListRow, { kind: "addition" }>, name: string) => Promise<unknown>;
  onCloseAdd: () => void;
  dropTarget: { id: string; hint: "before" | "after" } | null;
}) {
  const listRef = useRef<HTMLDivElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // Where the list starts on the page. Measured when the page's size changes (a banner above it comes or
  // goes, the filters wrap), never per scroll frame: reading the layout there would force a reflow.
  useLayoutEffect(() => {
    const measure = () => {
      const node = listRef.current;
      if (node) setScrollMargin(Math.round(node.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down("md"));
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (index) => {
      const kind = rows[index]?.kind ?? "task";
      return kind === "task" && compact ? COMPACT_TASK_ROW_HEIGHT : ROW_HEIGHT[kind];
    },
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 12,
    scrollMargin,
  });
  // Row heights change with the layout: measure again when the screen crosses the breakpoint.
  useEffect(() => {
    if (compact !== undefined) virtualizer.measure();
  }, [compact, virtualizer]);
  return (
    <Box ref={listRef} role="rowgroup" sx={{ position: "relative", height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <div
            key={item.key}
            style={{
              position: "absolute",
              top: 0,
              left: 0,
              width: "100%",
              transform: `translateY(${item.start - scrollMargin}px)`,
            }}
          >
            <RowSwitch
              row={row}
              workspaceId={workspaceId}
              selected={row.kind === "task" && selected.has(row.task.id)}
              collapsed={collapsed.has(row.key)}
              rowActions={rowActions}
              headerActions={headerActions}
              onAdd={onAdd}
              onCloseAdd={onCloseAdd}
              dropHint={row.kind === "task" && dropTarget?.id === row.task.id ? dropTarget.hint : null}
            />
          </div>
        );
      })}
    </Box>
  );
}

const RowSwitch = memo(function RowSwitch({
  row,
  workspaceId,
  selected,
  collapsed,
  rowActions,
  headerActions,
  onAdd,
  onCloseAdd,
  dropHint,
}: {
  row: TaskListRow;
  workspaceId: string;
  selected: boolean;
  collapsed: boolean;
  rowActions: TaskRowActions;
  headerActions: HeaderActions;
  onAdd: (row: Extract<TaskListRow, { kind: "addition" }>, name: string) => Promise<unknown>;
  onCloseAdd: () => void;
  dropHint: "before" | "after" | null;
}) {
  switch (row.kind) {
    case "task":
      return <TaskRowView row={row} selected={selected} actions={rowActions} dropHint={dropHint} />;
    case "addition":
      return <TaskAdditionRow row={row} onAdd={onAdd} onClose={onCloseAdd} />;
    case "primaryItem":
      return <ItemHeader row={row} workspaceId={workspaceId} collapsed={collapsed} actions={headerActions} />;
    case "group":
    case "project":
      return (
        <HeaderRowView
          row={row}
          collapsed={collapsed}
          name={row.name}
          actions={headerActions}
          dropActive={headerActions.draggable}
        />
      );
    default:
      return null;
  }
});

/** Item names of tabs other than プロジェクト are read per project (or 大項目) only for the headers on screen. */
function ItemHeader({
  row,
  workspaceId,
  collapsed,
  actions,
}: {
  row: ItemRow;
  workspaceId: string;
  collapsed: boolean;
  actions: HeaderActions;
}) {
  const names = useQuery({
    ...(row.level === "primary"
      ? primaryItemNamesQueryOptions(workspaceId, row.parent.projectId ?? "")
      : secondaryItemNamesQueryOptions(workspaceId, row.parent.primaryItemId ?? "")),
    enabled: row.name === null,
  });
  const name =
    row.name ??
    names.data?.items.find((item) => item.id === row.itemId)?.name ??
    (names.isError ? "（名前を読み込めませんでした）" : undefined);
  return <HeaderRowView row={row} collapsed={collapsed} name={name} actions={actions} dropActive={actions.draggable} />;
}
