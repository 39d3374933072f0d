import "@xyflow/react/dist/style.css";
import type { GroupNode } from "@tasuki/contract/group/group.schema";
import type { OnNodeDrag, useReactFlow } from "@xyflow/react";
import { type Dispatch, type RefObject, type SetStateAction, useCallback, useRef, useState } from "react";
import { showToast } from "../../../lib/toast.tsx";
import { useMoveGroup } from "../../group/api/update-group.ts";
import type { CanvasMarkStore } from "../canvas-marks.ts";
import { descendantIds, type layoutOrgChart, type PositionedGroup } from "../org-chart-layout.ts";
import { NODE_HEIGHT, NODE_WIDTH, type OrgGroupNode } from "./group-node.tsx";
import type { PendingMove } from "./move-group-dialog.tsx";

const MOVE_REFUSED_MESSAGE = "グループを、そのグループ自身やその下位グループの下へ移動することはできません。";

function pointOf(event: MouseEvent | TouchEvent): { x: number; y: number } | null {
  if ("touches" in event) {
    const touch = event.touches[0] ?? event.changedTouches[0];
    return touch ? { x: touch.clientX, y: touch.clientY } : null;
  }
  return { x: event.clientX, y: event.clientY };
}

/**
 * Moving a group by drag and drop: the card under the pointer is marked as the drop target (refused on the group
 * itself and its subtree), and a drop asks for a confirmation before the move is sent.
 */
export function useGroupDragMove({
  flow,
  layout,
  groups,
  groupById,
  placedById,
  marks,
  setNodes,
  focusAfterLayout,
}: {
  flow: ReturnType<typeof useReactFlow<OrgGroupNode>>;
  layout: ReturnType<typeof layoutOrgChart>;
  groups: GroupNode[];
  groupById: ReadonlyMap<string, GroupNode>;
  placedById: ReadonlyMap<string, PositionedGroup>;
  marks: CanvasMarkStore;
  setNodes: Dispatch<SetStateAction<OrgGroupNode[]>>;
  /** The moved group, shown where it landed once the new tree is laid out. */
  focusAfterLayout: RefObject<string | null>;
}) {
  const moveMutation = useMoveGroup();
  const [pendingMove, setPendingMove] = useState<PendingMove | null>(null);
  const dragging = useRef<{ id: string; excluded: Set<string>; parentId: string | null } | null>(null);

  const hitTest = useCallback(
    (point: { x: number; y: number }, draggedId: string): PositionedGroup | null => {
      for (const node of layout.nodes) {
        if (node.id === draggedId) continue;
        if (
          point.x >= node.x &&
          point.x <= node.x + NODE_WIDTH &&
          point.y >= node.y &&
          point.y <= node.y + NODE_HEIGHT
        ) {
          return node;
        }
      }
      return null;
    },
    [layout],
  );

  const onNodeDragStart = useCallback<OnNodeDrag<OrgGroupNode>>(
    (_event, node) => {
      const group = groupById.get(node.id);
      dragging.current = { id: node.id, excluded: descendantIds(groups, node.id), parentId: group?.parent_id ?? null };
      marks.set({ selectedId: null });
    },
    [groupById, groups, marks],
  );

  const onNodeDrag = useCallback<OnNodeDrag<OrgGroupNode>>(
    (event, node) => {
      const drag = dragging.current;
      const point = pointOf(event);
      if (!drag || !point) return;
      const target = hitTest(flow.screenToFlowPosition(point), node.id);
      if (!target || target.id === drag.parentId) {
        marks.set({ dropTargetId: null, dropAllowed: false });
        return;
      }
      marks.set({ dropTargetId: target.id, dropAllowed: !drag.excluded.has(target.id) });
    },
    [flow, hitTest, marks],
  );

  const onNodeDragStop = useCallback<OnNodeDrag<OrgGroupNode>>(
    (_event, node) => {
      const { dropTargetId, dropAllowed } = marks.get();
      const drag = dragging.current;
      dragging.current = null;
      marks.set({ dropTargetId: null, dropAllowed: false });
      // The card goes back to its place: the tree changes only once the server has agreed.
      const home = placedById.get(node.id);
      if (home) {
        setNodes((current) =>
          current.map((item) => (item.id === node.id ? { ...item, position: { x: home.x, y: home.y } } : item)),
        );
      }
      if (!drag || !dropTargetId) return;
      if (!dropAllowed) {
        showToast(MOVE_REFUSED_MESSAGE, { type: "warning" });
        return;
      }
      const group = groupById.get(node.id);
      const target = groupById.get(dropTargetId);
      if (!group || !target) return;
      setPendingMove({
        group,
        target,
        from: group.parent_id ? (groupById.get(group.parent_id) ?? null) : null,
        descendantCount: drag.excluded.size - 1,
      });
    },
    [groupById, marks, placedById, setNodes],
  );

  const confirmMove = () => {
    if (!pendingMove) return;
    const { group, target } = pendingMove;
    moveMutation.mutate(
      { id: group.id, body: { parent_id: target.id } },
      {
        onSuccess: () => {
          showToast(`${group.name} を ${target.name} の配下に移動しました`, { type: "success" });
          focusAfterLayout.current = group.id;
        },
        // The server's own message is toasted by the query client (e.g. a move into its own subtree, or no permission).
        onSettled: () => setPendingMove(null),
      },
    );
  };

  return {
    onNodeDragStart,
    onNodeDrag,
    onNodeDragStop,
    pendingMove,
    cancelMove: () => setPendingMove(null),
    confirmMove,
    moving: moveMutation.isPending,
  };
}
