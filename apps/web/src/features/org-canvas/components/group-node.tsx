import type { GroupNode as GroupRow } from "@tasuki/contract/group/group.schema";
import { type Node, type NodeProps, Position, useStore } from "@xyflow/react";
import { type CSSProperties, memo, useDeferredValue } from "react";
import { displayName } from "../../../lib/person.ts";
import { useNodeMarks } from "../canvas-marks.ts";
import { type LayerStyle, NO_LAYER_COLOUR } from "../layer-style.ts";
import { memberStrip } from "../member-strip.ts";
import { CanvasAvatar } from "./canvas-avatar.tsx";
import { useOrgCanvas } from "./org-canvas-context.ts";

export const NODE_WIDTH = 248;
export const NODE_HEIGHT = 132;
/** Where the edge of a stacked column leaves its parent, from the parent's left edge. */
export const STACK_HANDLE_X = 18;
/** Below this zoom a group shows its layer, name and member count only, in larger type. */
export const DETAIL_ZOOM = 0.55;

export type OrgGroupData = {
  group: GroupRow;
  layer: LayerStyle | null;
  /** The path from the top, e.g. 営業本部 › 第一営業部, for the accessible description. */
  path: string;
};
export type OrgGroupNode = Node<OrgGroupData, "orgGroup">;

/** The handles React Flow needs to draw edges before it has measured the nodes (all nodes have one size). */
export const groupNodeHandles: NonNullable<OrgGroupNode["handles"]> = [
  { id: "top", type: "target", position: Position.Top, x: NODE_WIDTH / 2, y: 0, width: 0, height: 0 },
  { id: "left", type: "target", position: Position.Left, x: 0, y: NODE_HEIGHT / 2, width: 0, height: 0 },
  { id: "bottom", type: "source", position: Position.Bottom, x: NODE_WIDTH / 2, y: NODE_HEIGHT, width: 0, height: 0 },
  { id: "stack", type: "source", position: Position.Bottom, x: STACK_HANDLE_X, y: NODE_HEIGHT, width: 0, height: 0 },
];

const zoomedIn = (state: { transform: [number, number, number] }) => state.transform[2] >= DETAIL_ZOOM;

/**
 * Where edges attach. Plain elements that React Flow measures (it looks for `.source` / `.target` with
 * data-handleid and data-handlepos) instead of <Handle> components: those subscribe to the flow's store
 * for connecting, and 4 × 300 of them made every zoom frame slower. The chart never connects by hand.
 */
function HandleMark({
  id,
  type,
  position,
  style,
}: {
  id: string;
  type: "source" | "target";
  position: Position;
  style: CSSProperties;
}) {
  return <span className={`oc-handle ${type}`} data-handleid={id} data-handlepos={position} style={style} />;
}

/**
 * One group on the chart. Memoised, and its data object only changes when the tree is refetched; the marks
 * (drop target, found, selected) come from a store so that they re-render this group alone.
 */
export const GroupNodeView = memo(function GroupNodeView({ id, data }: NodeProps<OrgGroupNode>) {
  const { marks, openStaff, openGroup, hasLayers } = useOrgCanvas();
  const markClasses = useNodeMarks(marks, id);
  // Deferred: crossing the threshold re-renders every group on screen, and the zoom must not wait for that.
  const detailed = useDeferredValue(useStore(zoomedIn));
  const { group, layer } = data;
  const { shown, rest } = memberStrip(group);
  const style = { "--layer": layer?.colour ?? NO_LAYER_COLOUR } as CSSProperties;

  // The marks sit beside the card, in React Flow's node element, so that they are placed on its exact edges.
  return (
    <>
      <div
        className={`oc-node${detailed ? "" : " is-compact"}${markClasses ? ` ${markClasses}` : ""}`}
        style={style}
        data-group-id={id}
        data-testid="org-group"
      >
        <div className="oc-head">
          {layer ? (
            <span className="oc-layer">{layer.name}</span>
          ) : (
            hasLayers && <span className="oc-layer is-none">階層なし</span>
          )}
          <span className="oc-count" title={`メンバー ${group.member_count}名`}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M16 11c1.66 0 2.99-1.34 2.99-3S17.66 5 16 5s-3 1.34-3 3 1.34 3 3 3m-8 0c1.66 0 2.99-1.34 2.99-3S9.66 5 8 5 5 6.34 5 8s1.34 3 3 3m0 2c-2.33 0-7 1.17-7 3.5V19h14v-2.5c0-2.33-4.67-3.5-7-3.5m8 0c-.29 0-.62.02-.97.05 1.16.84 1.97 1.97 1.97 3.45V19h6v-2.5c0-2.33-4.67-3.5-7-3.5" />
            </svg>
            <span data-testid="member-count">{group.member_count}</span>名
          </span>
        </div>
        <div className="oc-name" title={group.name}>
          {group.name}
        </div>
        {detailed && (
          <>
            <div className="oc-leader">
              {group.leader ? (
                <button
                  type="button"
                  className="oc-person oc-leader-button nodrag"
                  onClick={(event) => {
                    event.stopPropagation();
                    openStaff(group.leader!.id);
                  }}
                  aria-label={`責任者 ${displayName(group.leader)} のスタッフ情報を開く`}
                >
                  <CanvasAvatar person={group.leader} size={26} />
                  <span className="oc-leader-name">{displayName(group.leader)}</span>
                  <span className="oc-leader-tag">責任者</span>
                </button>
              ) : (
                <span className="oc-muted">責任者 未設定</span>
              )}
            </div>
            <div className="oc-members">
              {shown.map((member) => (
                <button
                  key={member.id}
                  type="button"
                  className="oc-person nodrag"
                  onClick={(event) => {
                    event.stopPropagation();
                    openStaff(member.id);
                  }}
                  aria-label={`${displayName(member)} のスタッフ情報を開く`}
                >
                  <CanvasAvatar person={member} size={24} />
                </button>
              ))}
              {rest > 0 && (
                <button
                  type="button"
                  className="oc-more nodrag"
                  onClick={(event) => {
                    event.stopPropagation();
                    openGroup(id);
                  }}
                  aria-label={`${group.name} のメンバーをすべて表示（ほか${rest}名）`}
                >
                  +{rest}
                </button>
              )}
              {group.member_count === 0 && <span className="oc-muted">メンバーなし</span>}
            </div>
          </>
        )}
      </div>
      <HandleMark id="top" type="target" position={Position.Top} style={{ left: NODE_WIDTH / 2, top: 0 }} />
      <HandleMark id="left" type="target" position={Position.Left} style={{ left: 0, top: NODE_HEIGHT / 2 }} />
      <HandleMark
        id="bottom"
        type="source"
        position={Position.Bottom}
        style={{ left: NODE_WIDTH / 2, top: NODE_HEIGHT }}
      />
      <HandleMark
        id="stack"
        type="source"
        position={Position.Bottom}
        style={{ left: STACK_HANDLE_X, top: NODE_HEIGHT }}
      />
    </>
  );
});
