import { getSession, resyncSession, syncSession } from "../../session/session.ts";
import { realtimeConnection } from "./start-realtime.ts";
import { concernsCurrentStaff } from "./workspace-user-change.ts";

/**
 * The workspace-user change listener of spec section 4: a change event about the current staff member
 * (role, status, groups), created after the listener started, re-syncs the session. A suspended member is
 * thereby signed out of the workspace, a new role applies at once; a failed sync goes to the login route.
 * A failure of the listener itself is only logged (spec section 8). A change of the workspace itself (its
 * authority rules among others) reloads the caller's permissions too.
 */
let started = false;

export function startRealtimeListener(options: {
  /** Runs the route guards again once the session changed (leaving a workspace the member lost). */
  revalidate: () => void;
}): void {
  if (started) return;
  started = true;
  const startedAt = Date.now();
  realtimeConnection().onEvent((event) => {
    try {
      const session = getSession();
      const staffId = session.status === "signed_in" ? (session.workspaceUser?.id ?? null) : null;
      if (
        event.entity === "workspace" &&
        session.status === "signed_in" &&
        event.id === session.workspaceUser?.workspace_id
      ) {
        // The workspace's authority rules may have changed the caller's permissions: load them again. Not a
        // staff change, so a failure here is only logged and the session stays as it is.
        syncSession().catch((error: unknown) => console.warn("Session sync after a workspace change failed", error));
        return;
      }
      if (!concernsCurrentStaff(event, staffId, startedAt)) return;
      resyncSession()
        .then((synced) => {
          if (synced) options.revalidate();
        })
        .catch((error: unknown) => console.error("Workspace-user change listener failed", error));
    } catch (error) {
      console.error("Workspace-user change listener failed", error);
    }
  });
}
