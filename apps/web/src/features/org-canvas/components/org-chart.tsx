import "@xyflow/react/dist/style.css";
import Box from "@mui/material/Box";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { GroupNode } from "@tasuki/contract/group/group.schema";
import type { GroupType } from "@tasuki/contract/workspace/workspace.schema";
import {
  applyNodeChanges,
  Controls,
  type Edge,
  MiniMap,
  type NodeChange,
  ReactFlow,
  useReactFlow,
} from "@xyflow/react";
import {
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { ancestorNames } from "../ancestor-names.ts";
import type { CanvasMarkStore } from "../canvas-marks.ts";
import { type LayerStyle, layerStyles, NO_LAYER_COLOUR } from "../layer-style.ts";
import { openingViewport } from "../opening-viewport.ts";
import { layoutOrgChart } from "../org-chart-layout.ts";
import { chartSx } from "./chart-styles.ts";
import { GroupDetailPanel } from "./group-detail-panel.tsx";
import { GroupNodeView, groupNodeHandles, NODE_HEIGHT, NODE_WIDTH, type OrgGroupNode } from "./group-node.tsx";
import { MoveGroupDialog } from "./move-group-dialog.tsx";
import { OrgCanvasContext } from "./org-canvas-context.ts";
import { useChartPngExport } from "./use-chart-png-export.ts";
import { useGroupDragMove } from "./use-group-drag-move.ts";

const nodeTypes = { orgGroup: GroupNodeView };
// Every group counts for the fit, drawn or not: with onlyRenderVisibleElements most are not measured yet.
const FIT_VIEW_OPTIONS = { padding: 0.06, maxZoom: 1, includeHiddenNodes: true };

/** Width the group panel takes on the right of the chart, with its margins. */
const PANEL_SPACE = 344;

const ariaLabelConfig = {
  "node.a11yDescription.default": "グループです。クリックするとメンバーの一覧を表示します。",
  "node.a11yDescription.keyboardDisabled": "グループです。",
  "node.a11yDescription.ariaLiveMessage": ({ x, y }: { direction: string; x: number; y: number }) =>
    `グループを移動しました（${x}, ${y}）`,
  "edge.a11yDescription.default": "上位グループとのつながり",
  "controls.ariaLabel": "表示の操作",
  "controls.zoomIn.ariaLabel": "拡大",
  "controls.zoomOut.ariaLabel": "縮小",
  "controls.fitView.ariaLabel": "全体を表示",
  "controls.interactive.ariaLabel": "操作のロックを切り替え",
  "minimap.ariaLabel": "ミニマップ",
  "handle.ariaLabel": "接続点",
};

export interface OrgChartHandle {
  focusGroup: (id: string) => void;
  exportPng: (fileName: string) => Promise<void>;
}

export interface OrgChartProps {
  groups: GroupNode[];
  groupTypes: GroupType[];
  canMove: boolean;
  stackLeaves: boolean;
  marks: CanvasMarkStore;
  onOpenStaff: (staffId: string) => void;
  /** Told once the first layout is on screen (every visible group drawn). */
  onReady?: () => void;
  onExportingChange?: (exporting: boolean) => void;
  ref?: Ref<OrgChartHandle>;
}

/**
 * The org chart: groups as cards laid out by layer, zoom and pan, drag a group onto another to move it (after
 * a confirmation), click a group for its members. Lives inside a ReactFlowProvider.
 */
export function OrgChart({
  groups,
  groupTypes,
  canMove,
  stackLeaves,
  marks,
  onOpenStaff,
  onReady,
  onExportingChange,
  ref,
}: OrgChartProps) {
  const flow = useReactFlow<OrgGroupNode>();
  const frameRef = useRef<HTMLDivElement>(null);
  // A phone leaves out the minimap, which would cover a third of the screen.
  const phone = useMediaQuery("(max-width:599.95px)");
  const layers = useMemo(() => layerStyles(groupTypes), [groupTypes]);
  const layout = useMemo(
    () => layoutOrgChart(groups, groupTypes, { nodeWidth: NODE_WIDTH, nodeHeight: NODE_HEIGHT, stackLeaves }),
    [groups, groupTypes, stackLeaves],
  );
  const groupById = useMemo(() => new Map(groups.map((group) => [group.id, group])), [groups]);
  const placedById = useMemo(() => new Map(layout.nodes.map((node) => [node.id, node])), [layout]);
  const paths = useMemo(() => ancestorNames(groups), [groups]);
  const openingViewportOf = (frameEl: HTMLElement) =>
    openingViewport(
      layout.nodes,
      { nodeWidth: NODE_WIDTH, nodeHeight: NODE_HEIGHT },
      { width: frameEl.clientWidth, height: frameEl.clientHeight },
    );

  const layoutNodes = useMemo<OrgGroupNode[]>(
    () =>
      layout.nodes.map((placed) => {
        const group = groupById.get(placed.id)!;
        const layer: LayerStyle | null = group.group_type_id ? (layers.get(group.group_type_id) ?? null) : null;
        const path = paths.get(placed.id) ?? [];
        return {
          id: placed.id,
          type: "orgGroup",
          position: { x: placed.x, y: placed.y },
          // Fixed sizes and handles: React Flow can place edges and decide what is on screen before it measures.
          width: NODE_WIDTH,
          height: NODE_HEIGHT,
          handles: groupNodeHandles,
          draggable: canMove,
          ariaLabel: `${layer ? `${layer.name} ` : ""}${group.name}${path.length ? `（${path.join(" › ")}）` : ""} メンバー${group.member_count}名`,
          data: { group, layer, path: path.join(" › ") },
        };
      }),
    [layout, groupById, layers, paths, canMove],
  );

  const edges = useMemo<Edge[]>(
    () =>
      layout.edges.map((edge) => ({
        id: edge.id,
        source: edge.source,
        target: edge.target,
        sourceHandle: edge.stacked ? "stack" : "bottom",
        targetHandle: edge.stacked ? "left" : "top",
        type: "smoothstep",
        pathOptions: { borderRadius: 8, offset: 16 },
        focusable: false,
        selectable: false,
        // Edges take no clicks: no invisible wide path per edge (300 fewer elements).
        interactionWidth: 0,
      })),
    [layout],
  );

  // Nodes follow the layout; between two layouts React Flow moves the dragged one (and records measurements).
  const [nodes, setNodes] = useState(layoutNodes);
  const [nodesSource, setNodesSource] = useState(layoutNodes);
  if (nodesSource !== layoutNodes) {
    setNodesSource(layoutNodes);
    setNodes(layoutNodes);
  }
  const onNodesChange = useCallback(
    (changes: NodeChange<OrgGroupNode>[]) => setNodes((current) => applyNodeChanges(changes, current)),
    [],
  );

  // ----- selection, search focus -----

  const selectedId = useSyncExternalStore(
    marks.subscribe,
    () => marks.get().selectedId,
    () => marks.get().selectedId,
  );
  const selected = selectedId ? groupById.get(selectedId) : undefined;
  const foundTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const focusGroup = useCallback(
    (id: string) => {
      const placed = placedById.get(id);
      if (!placed) return;
      const zoom = Math.max(flow.getZoom(), 0.9);
      // The group's panel opens on the right: centre the group in the space left of it when there is room.
      const frameWidth = frameRef.current?.clientWidth ?? 0;
      const shift = frameWidth >= 720 ? PANEL_SPACE / 2 / zoom : 0;
      void flow.setCenter(placed.x + NODE_WIDTH / 2 + shift, placed.y + NODE_HEIGHT / 2, { zoom, duration: 450 });
      marks.set({ foundId: id, selectedId: id });
      clearTimeout(foundTimer.current);
      foundTimer.current = setTimeout(() => marks.set({ foundId: null }), 2_500);
    },
    [flow, marks, placedById],
  );
  useEffect(() => () => clearTimeout(foundTimer.current), []);

  // A group that was just moved is shown where it landed once the new tree is laid out.
  const focusAfterLayout = useRef<string | null>(null);
  useEffect(() => {
    const id = focusAfterLayout.current;
    if (id && placedById.has(id)) {
      focusAfterLayout.current = null;
      focusGroup(id);
    }
  }, [placedById, focusGroup]);

  // A selected group that no longer exists (deleted elsewhere) closes its panel.
  useEffect(() => {
    if (selectedId && !groupById.has(selectedId)) marks.set({ selectedId: null });
  }, [selectedId, groupById, marks]);

  // ----- first render: ready once every group in view is in the DOM, then painted -----

  const [initialised, setInitialised] = useState(false);
  const readyTold = useRef(false);
  useEffect(() => {
    if (!initialised || readyTold.current) return;
    let frame = 0;
    const check = () => {
      const frameEl = frameRef.current;
      if (!frameEl) return;
      const { x, y, zoom } = flow.getViewport();
      const width = frameEl.clientWidth;
      const height = frameEl.clientHeight;
      const left = -x / zoom;
      const top = -y / zoom;
      const right = left + width / zoom;
      const bottom = top + height / zoom;
      let expected = 0;
      for (const node of layout.nodes) {
        if (node.x < right && node.x + NODE_WIDTH > left && node.y < bottom && node.y + NODE_HEIGHT > top) expected++;
      }
      const drawn = frameEl.querySelectorAll(".react-flow__node .oc-node").length;
      if (drawn >= expected) {
        // One more frame so that what is in the DOM has been painted.
        frame = requestAnimationFrame(() => {
          readyTold.current = true;
          onReady?.();
        });
        return;
      }
      frame = requestAnimationFrame(check);
    };
    frame = requestAnimationFrame(check);
    return () => cancelAnimationFrame(frame);
  }, [initialised, flow, layout, onReady]);

  // A new layout mode shows the whole chart again.
  const firstLayout = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refit only when the mode changes
  useEffect(() => {
    if (firstLayout.current) {
      firstLayout.current = false;
      return;
    }
    const frame = requestAnimationFrame(() => {
      const frameEl = frameRef.current;
      if (frameEl) void flow.setViewport(openingViewportOf(frameEl), { duration: 300 });
    });
    return () => cancelAnimationFrame(frame);
  }, [stackLeaves]);

  const { onNodeDragStart, onNodeDrag, onNodeDragStop, pendingMove, cancelMove, confirmMove, moving } =
    useGroupDragMove({ flow, layout, groups, groupById, placedById, marks, setNodes, focusAfterLayout });

  const exportPng = useChartPngExport({ groups, groupById, layers, layout, onExportingChange });

  useImperativeHandle(ref, () => ({ focusGroup, exportPng }), [focusGroup, exportPng]);

  const contextValue = useMemo(
    () => ({
      marks,
      openStaff: onOpenStaff,
      openGroup: (id: string) => marks.set({ selectedId: id }),
      hasLayers: layers.size > 0,
    }),
    [marks, onOpenStaff, layers],
  );

  return (
    <OrgCanvasContext.Provider value={contextValue}>
      <Box
        ref={frameRef}
        sx={chartSx}
        data-testid="org-canvas"
        onKeyDown={(event) => {
          // A group focused with Tab opens its panel with Enter or Space, as a click does.
          const target = event.target as HTMLElement;
          const id = target.classList.contains("react-flow__node") ? target.dataset.id : undefined;
          if (id && (event.key === "Enter" || event.key === " ")) {
            event.preventDefault();
            marks.set({ selectedId: id });
          }
        }}
      >
        <ReactFlow<OrgGroupNode>
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          onNodesChange={onNodesChange}
          onNodeClick={(_event, node) => marks.set({ selectedId: node.id })}
          onPaneClick={() => marks.set({ selectedId: null })}
          onNodeDragStart={onNodeDragStart}
          onNodeDrag={onNodeDrag}
          onNodeDragStop={onNodeDragStop}
          onInit={(instance) => {
            // Opened where names read (opening-viewport.ts), not fitted whatever the size of the company.
            const frameEl = frameRef.current;
            if (frameEl) void instance.setViewport(openingViewportOf(frameEl));
            setInitialised(true);
          }}
          nodesDraggable={canMove}
          nodesConnectable={false}
          elementsSelectable={false}
          edgesFocusable={false}
          nodeDragThreshold={4}
          onlyRenderVisibleElements
          fitViewOptions={FIT_VIEW_OPTIONS}
          minZoom={0.05}
          maxZoom={1.75}
          ariaLabelConfig={ariaLabelConfig}
          attributionPosition="top-right"
          deleteKeyCode={null}
          selectionKeyCode={null}
          multiSelectionKeyCode={null}
        >
          <Controls showInteractive={false} position="bottom-left" />
          {!phone && (
            <MiniMap<OrgGroupNode>
              position="bottom-right"
              pannable
              zoomable
              nodeColor={(node) => node.data.layer?.colour ?? NO_LAYER_COLOUR}
              nodeStrokeWidth={0}
              nodeBorderRadius={12}
              maskColor="rgba(240, 242, 247, 0.7)"
            />
          )}
        </ReactFlow>
        {selected && (
          <GroupDetailPanel
            group={selected}
            layer={selected.group_type_id ? (layers.get(selected.group_type_id) ?? null) : null}
            path={paths.get(selected.id) ?? []}
            onClose={() => marks.set({ selectedId: null })}
            onOpenStaff={onOpenStaff}
          />
        )}
      </Box>
      <MoveGroupDialog move={pendingMove} pending={moving} onCancel={cancelMove} onConfirm={confirmMove} />
    </OrgCanvasContext.Provider>
  );
}
