import { useWorkspace } from "../features/workspace/api/get-workspace.ts";
import { useSignedInSession } from "./session.ts";

/** The id of the workspace on screen; the app layout renders only once a staff record is loaded. */
export function useCurrentWorkspaceId(): string {
  const session = useSignedInSession();
  const id = session.workspaceUser?.workspace_id;
  if (!id) throw new Error("This page needs a current workspace");
  return id;
}

/** The workspace on screen with its definitions (layers, positions, base names, authority rules). */
export function useCurrentWorkspace() {
  return useWorkspace(useCurrentWorkspaceId());
}
