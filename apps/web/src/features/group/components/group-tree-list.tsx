import {
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
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
import type { GroupNode } from "@tasuki/contract/group/group.schema";
import { memo, useRef, useState } from "react";
import { displayName } from "../../../lib/person.ts";
import { PersonAvatar } from "../../organization/components/person-avatar.tsx";
import { computeDropTarget, type DropTarget, type DropZone, dropZone, type TreeRow } from "../group-tree.ts";

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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor),
  );
  const [activeId, setActiveId] = useState<string | null>(null);
  const [drop, setDrop] = useState<DropState | null>(null);
  const startY = useRef(0);

  const onDragStart = (event: DragStartEvent) => {
    setActiveId(String(event.active.id));
    const pointer = event.activatorEvent as PointerEvent | KeyboardEvent;
    startY.current = "clientY" in pointer ? pointer.clientY : (event.active.rect.current.initial?.top ?? 0);
  };

  // Where the pointer is now decides the zone; dnd-kit reports `over` for a move only after the
  // next collision check, so the drop is worked out again from the final event on release.
  const resolve = (event: DragMoveEvent | DragOverEvent | DragEndEvent): DropState | null => {
    const { over, active, delta } = event;
    if (!over) return null;
    const zone = dropZone(startY.current + delta.y, over.rect.top, over.rect.height);
    const overId = String(over.id);
    return { overId, zone, valid: computeDropTarget(allGroups, String(active.id), overId, zone) !== null };
  };

  const track = (event: DragMoveEvent | DragOverEvent) => {
    const next = resolve(event);
    setDrop((current) =>
      current?.overId === next?.overId && current?.zone === next?.zone && current?.valid === next?.valid
        ? current
        : next,
    );
  };

  const onDragEnd = (event: DragEndEvent) => {
    const final = resolve(event);
    setActiveId(null);
    setDrop(null);
    if (!final?.valid) return;
    const group = allGroups.find((node) => node.id === event.active.id);
    const target = computeDropTarget(allGroups, String(event.active.id), final.overId, final.zone);
    if (group && target) onMove(group, target);
  };

  const active = activeId ? allGroups.find((node) => node.id === activeId) : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      onDragStart={onDragStart}
      onDragMove={track}
      onDragOver={track}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setActiveId(null);
        setDrop(null);
      }}
    >
      <Box component="ul" role="tree" aria-label="グループの階層" sx={{ listStyle: "none", m: 0, p: 0 }}>
        {rows.map((row) => (
          <GroupRow
            key={row.node.id}
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
        ))}
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
  const droppable = useDroppable({ id: node.id, disabled: !canDrag });
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
      ref={droppable.setNodeRef}
      sx={{
        position: "relative",
        display: "flex",
        alignItems: "center",
        gap: 1,
        minHeight: 52,
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
          <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
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
        </Box>
      )}
    </Box>
  );
});
