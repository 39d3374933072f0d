import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  PointerSensor,
  useDraggable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import AddOutlined from "@mui/icons-material/AddOutlined";
import ChevronRightOutlined from "@mui/icons-material/ChevronRightOutlined";
import DeleteOutlineOutlined from "@mui/icons-material/DeleteOutlineOutlined";
import DragIndicatorOutlined from "@mui/icons-material/DragIndicatorOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import ExpandMoreOutlined from "@mui/icons-material/ExpandMoreOutlined";
import GroupsOutlined from "@mui/icons-material/GroupsOutlined";
import MoreVertOutlined from "@mui/icons-material/MoreVertOutlined";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import type { GroupNode } from "@tasuki/contract/group/group.schema";
import { type CSSProperties, memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { PersonAvatar } from "../../../components/person-avatar.tsx";
import { computeDropTarget, type DropTarget, type DropZone, dropZone, type TreeRow } from "../../../lib/group-tree.ts";
import { displayName } from "../../../lib/person.ts";

export type GroupAction = "add-child" | "edit" | "delete";

interface DropState {
  overId: string;
  zone: DropZone;
  valid: boolean;
}

export interface GroupTreeListProps {
  rows: TreeRow<GroupNode>[];
  /** Every live group, for computing where a drop lands (the rows may be folded). */
  allGroups: GroupNode[];
  layerNames: Map<string, string>;
  collapsed: ReadonlySet<string>;
  onToggle: (id: string) => void;
  canEdit: boolean;
  /** Off while the list is filtered: neighbours on screen are not the real ones then. */
  canDrag: boolean;
  onAction: (action: GroupAction, group: GroupNode) => void;
  onMove: (group: GroupNode, target: DropTarget) => void;
}

const INDENT = 28;
const ROW_HEIGHT = 52;

/** The group tree as an indented list; drag a row's handle onto another row to move it before, after or under it. */
export function GroupTreeList({
  rows,
  allGroups,
  layerNames,
  collapsed,
  onToggle,
  canEdit,
  canDrag,
  onAction,
  onMove,
}: GroupTreeListProps) {
  // Pointer only: a keyboard user moves a group with the 親グループ field of its edit dialog.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const [activeId, setActiveId] = useState<string | null>(null);
  const [drop, setDrop] = useState<DropState | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const pointer = useRef({ x: 0, y: 0 });
  const latest = useRef({ allGroups, activeId });
  latest.current = { allGroups, activeId };

  /**
   * The row under the pointer and the zone of it, read from the page itself rather than from
   * dnd-kit's droppables: the rows are virtualised and the window may scroll during the drag, and
   * the page is the one place where both always agree with what the user sees.
   */
  const resolve = useCallback((): DropState | null => {
    const { allGroups: groups, activeId: dragged } = latest.current;
    if (!dragged) return null;
    const { x, y } = pointer.current;
    for (const element of document.elementsFromPoint(x, y)) {
      const row = element instanceof HTMLElement ? element.closest<HTMLElement>("[data-group-id]") : null;
      if (!row || !listRef.current?.contains(row)) continue;
      const overId = row.dataset.groupId as string;
      const rect = row.getBoundingClientRect();
      const zone = dropZone(y, rect.top, rect.height);
      return { overId, zone, valid: computeDropTarget(groups, dragged, overId, zone) !== null };
    }
    return null;
  }, []);

  const track = useCallback(() => {
    const next = resolve();
    setDrop((current) =>
      current?.overId === next?.overId && current?.zone === next?.zone && current?.valid === next?.valid
        ? current
        : next,
    );
  }, [resolve]);

  useEffect(() => {
    if (!activeId) return;
    const onPointerMove = (event: PointerEvent) => {
      pointer.current = { x: event.clientX, y: event.clientY };
      track();
    };
    // dnd-kit scrolls the window near its edges; the row under a still pointer changes then too.
    const onScroll = () => track();
    window.addEventListener("pointermove", onPointerMove);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("pointermove", onPointerMove);
      window.removeEventListener("scroll", onScroll);
    };
  }, [activeId, track]);

  const onDragStart = (event: DragStartEvent) => {
    const start = event.activatorEvent;
    if (start instanceof PointerEvent || start instanceof MouseEvent) {
      pointer.current = { x: start.clientX, y: start.clientY };
    }
    setActiveId(String(event.active.id));
  };

  const onDragEnd = (event: DragEndEvent) => {
    const final = resolve();
    setActiveId(null);
    setDrop(null);
    if (!final?.valid) return;
    const group = allGroups.find((node) => node.id === event.active.id);
    const target = computeDropTarget(allGroups, String(event.active.id), final.overId, final.zone);
    if (group && target) onMove(group, target);
  };

  const active = activeId ? allGroups.find((node) => node.id === activeId) : undefined;

  // Only the rows in and near the window are rendered, so 300 groups cost what 30 do.
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const top = listRef.current?.getBoundingClientRect().top;
    if (top !== undefined) setScrollMargin(top + window.scrollY);
  });
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin,
    getItemKey: (index) => rows[index]?.node.id ?? index,
  });

  return (
    <DndContext
      sensors={sensors}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setActiveId(null);
        setDrop(null);
      }}
    >
      <Box
        component="ul"
        ref={listRef}
        role="tree"
        aria-label="グループの階層"
        sx={{ listStyle: "none", m: 0, p: 0, position: "relative" }}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index] as TreeRow<GroupNode>;
          return (
            <GroupRow
              key={row.node.id}
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
              row={row}
              layerName={row.node.group_type_id ? layerNames.get(row.node.group_type_id) : undefined}
              expanded={!collapsed.has(row.node.id)}
              onToggle={onToggle}
              canEdit={canEdit}
              canDrag={canEdit && canDrag}
              onAction={onAction}
              indicator={drop?.overId === row.node.id ? drop : null}
              dragging={activeId === row.node.id}
            />
          );
        })}
      </Box>
      <DragOverlay dropAnimation={null}>
        {active && (
          <Box
            sx={{
              display: "inline-flex",
              alignItems: "center",
              gap: 1,
              px: 1.5,
              py: 1,
              borderRadius: 2,
              bgcolor: "background.paper",
              border: 1,
              borderColor: "primary.main",
              boxShadow: "0 8px 24px rgba(31, 36, 51, 0.18)",
              fontWeight: 700,
              fontSize: 14,
            }}
          >
            <DragIndicatorOutlined fontSize="small" color="primary" />
            {active.name}
          </Box>
        )}
      </DragOverlay>
    </DndContext>
  );
}

const GroupRow = memo(function GroupRow({
  style,
  row,
  layerName,
  expanded,
  onToggle,
  canEdit,
  canDrag,
  onAction,
  indicator,
  dragging,
}: {
  style: CSSProperties;
  row: TreeRow<GroupNode>;
  layerName: string | undefined;
  expanded: boolean;
  onToggle: (id: string) => void;
  canEdit: boolean;
  canDrag: boolean;
  onAction: (action: GroupAction, group: GroupNode) => void;
  indicator: DropState | null;
  dragging: boolean;
}) {
  const { node, depth, childCount } = row;
  const draggable = useDraggable({ id: node.id, disabled: !canDrag });
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);

  const inside = indicator?.valid && indicator.zone === "inside";
  const line = indicator?.valid && indicator.zone !== "inside" ? indicator.zone : null;

  return (
    <Box
      component="li"
      role="treeitem"
      aria-level={depth + 1}
      aria-expanded={childCount > 0 ? expanded : undefined}
      aria-label={node.name}
      data-group-id={node.id}
      style={style}
      sx={{
        position: "absolute",
        top: 0,
        left: 0,
        right: 0,
        display: "flex",
        alignItems: "center",
        gap: 1,
        height: ROW_HEIGHT,
        boxSizing: "border-box",
        pr: 1,
        pl: { xs: `${4 + depth * 14}px`, sm: `${8 + depth * INDENT}px` },
        borderBottom: 1,
        borderColor: "divider",
        bgcolor: inside ? "rgba(57, 73, 171, 0.1)" : "background.paper",
        outline: inside ? "2px solid" : "none",
        outlineColor: "primary.main",
        outlineOffset: -2,
        opacity: dragging ? 0.4 : 1,
        "&:hover": { bgcolor: inside ? "rgba(57, 73, 171, 0.1)" : "#fafbfd" },
        "&:hover .group-row-actions": { opacity: 1 },
        ...(line && {
          "&::after": {
            content: '""',
            position: "absolute",
            left: 8 + depth * INDENT,
            right: 8,
            height: 3,
            borderRadius: 2,
            bgcolor: "primary.main",
            ...(line === "before" ? { top: -2 } : { bottom: -2 }),
          },
        }),
      }}
    >
      {childCount > 0 ? (
        <IconButton
          size="small"
          aria-label={expanded ? `「${node.name}」を折りたたむ` : `「${node.name}」を展開`}
          onClick={() => onToggle(node.id)}
        >
          {expanded ? <ExpandMoreOutlined fontSize="small" /> : <ChevronRightOutlined fontSize="small" />}
        </IconButton>
      ) : (
        <Box sx={{ width: 30, flexShrink: 0 }} />
      )}
      {canDrag && (
        <IconButton
          ref={draggable.setActivatorNodeRef}
          size="small"
          aria-label={`「${node.name}」を移動`}
          sx={{
            cursor: "grab",
            color: "text.secondary",
            touchAction: "none",
            ml: -0.5,
            display: { xs: "none", sm: "inline-flex" },
          }}
          {...draggable.attributes}
          {...draggable.listeners}
        >
          <DragIndicatorOutlined fontSize="small" />
        </IconButton>
      )}
      <Box ref={draggable.setNodeRef} sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0, flexGrow: 1 }}>
        <Typography sx={{ fontWeight: depth === 0 ? 700 : 600, fontSize: 14 }} noWrap>
          {node.name}
        </Typography>
        {layerName ? (
          <Chip
            label={layerName}
            size="small"
            variant="outlined"
            sx={{ height: 22, fontSize: 12, flexShrink: 0, display: { xs: "none", sm: "inline-flex" } }}
          />
        ) : (
          <Chip
            label="階層なし"
            size="small"
            variant="outlined"
            sx={{
              height: 22,
              fontSize: 12,
              flexShrink: 0,
              color: "text.secondary",
              borderStyle: "dashed",
              display: { xs: "none", sm: "inline-flex" },
            }}
          />
        )}
        {childCount > 0 && !expanded && (
          <Typography variant="caption" sx={{ color: "text.secondary", flexShrink: 0 }}>
            下位 {childCount}件
          </Typography>
        )}
      </Box>
      <Box
        sx={{
          display: { xs: "none", sm: "flex" },
          alignItems: "center",
          gap: 0.75,
          width: 150,
          flexShrink: 0,
          minWidth: 0,
        }}
      >
        {node.leader ? (
          <>
            <PersonAvatar person={node.leader} size={24} />
            <Typography variant="body2" noWrap title={`リーダー：${displayName(node.leader)}`}>
              {displayName(node.leader)}
            </Typography>
          </>
        ) : (
          <Typography variant="caption" sx={{ color: "text.secondary" }}>
            リーダー未設定
          </Typography>
        )}
      </Box>
      <Box
        sx={{
          display: { xs: "none", sm: "flex" },
          alignItems: "center",
          gap: 0.5,
          width: 72,
          flexShrink: 0,
          color: "text.secondary",
        }}
        title="メンバー数"
      >
        <GroupsOutlined sx={{ fontSize: 18 }} />
        <Typography variant="body2">{node.member_count}人</Typography>
      </Box>
      {canEdit && (
        <Box className="group-row-actions" sx={{ display: "flex", flexShrink: 0 }}>
          <Tooltip title="下位グループを追加">
            <IconButton
              sx={{ display: { xs: "none", sm: "inline-flex" } }}
              size="small"
              aria-label={`「${node.name}」の下にグループを追加`}
              onClick={() => onAction("add-child", node)}
            >
              <AddOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <IconButton
            size="small"
            aria-label={`「${node.name}」の操作`}
            aria-haspopup="menu"
            onClick={(event) => setMenuAnchor(event.currentTarget)}
          >
            <MoreVertOutlined fontSize="small" />
          </IconButton>
          {menuAnchor && (
            <Menu anchorEl={menuAnchor} open onClose={() => setMenuAnchor(null)}>
              <MenuItem
                onClick={() => {
                  setMenuAnchor(null);
                  onAction("edit", node);
                }}
              >
                <ListItemIcon>
                  <EditOutlined fontSize="small" />
                </ListItemIcon>
                編集
              </MenuItem>
              <MenuItem
                onClick={() => {
                  setMenuAnchor(null);
                  onAction("add-child", node);
                }}
              >
                <ListItemIcon>
                  <AddOutlined fontSize="small" />
                </ListItemIcon>
                下位グループを追加
              </MenuItem>
              <MenuItem
                sx={{ color: "error.main" }}
                onClick={() => {
                  setMenuAnchor(null);
                  onAction("delete", node);
                }}
              >
                <ListItemIcon sx={{ color: "inherit" }}>
                  <DeleteOutlineOutlined fontSize="small" />
                </ListItemIcon>
                削除
              </MenuItem>
            </Menu>
          )}
        </Box>
      )}
    </Box>
  );
});
