import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { groupTreeWithMembersQueryOptions } from "../../../features/group/api/list-group-tree.ts";
import { OrgCanvasPage } from "../../../features/org-canvas/components/org-canvas-page.tsx";
import { getWorkspaceQueryOptions } from "../../../features/workspace/api/get-workspace.ts";
import { currentWorkspaceId, getSession } from "../../../session/session.ts";

/** `group_id` centres the chart on a group once it is drawn (links from elsewhere in the organisation area). */
const canvasSearchSchema = z.object({ group_id: z.string().optional().catch(undefined) });

export const Route = createFileRoute("/_app/organization/canvas")({
  validateSearch: canvasSearchSchema,
  // Start the tree (the chart's biggest wait) while the page's code is still loading; the page does not wait here.
  loader: ({ context }) => {
    const workspaceId = currentWorkspaceId(getSession());
    if (!workspaceId) return;
    void context.queryClient.prefetchQuery(groupTreeWithMembersQueryOptions(workspaceId));
    void context.queryClient.prefetchQuery(getWorkspaceQueryOptions({ id: workspaceId }));
  },
  component: CanvasRoute,
});

function CanvasRoute() {
  const { group_id } = Route.useSearch();
  return <OrgCanvasPage focusGroupId={group_id} />;
}
