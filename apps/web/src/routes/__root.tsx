import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet, redirect, retainSearchParams } from "@tanstack/react-router";
import { z } from "zod";
import { ErrorPage } from "../components/error-page.tsx";
import { NotFoundPage } from "../components/not-found-page.tsx";
import { FullPageLoader } from "../components/page-loader.tsx";
import { authRedirect, LANDING_PATH, LOGIN_PATH, returnPathAfterLogin } from "../session/navigation-rules.ts";
import { activeMemberships, currentWorkspaceId, ensureSession } from "../session/session.ts";
import { NavigationProgress } from "../shell/navigation-progress.tsx";

export interface RouterContext {
  queryClient: QueryClient;
}

/** `workspace_id` names the current workspace on every page and is carried along by every link. */
const rootSearchSchema = z.object({ workspace_id: z.string().optional().catch(undefined) });

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: rootSearchSchema,
  search: { middlewares: [retainSearchParams(["workspace_id"])] },
  beforeLoad: async ({ location, search, preload }) => {
    if (preload) return;
    const session = await ensureSession(search.workspace_id);
    const signedIn = session.status === "signed_in";
    const target = authRedirect(location.pathname, {
      signedIn,
      hasWorkspace: signedIn && activeMemberships(session.user).length > 0,
    });
    // Signed in meanwhile (in another tab, say) on a login page that was to return somewhere: go there.
    const back =
      target === LANDING_PATH ? returnPathAfterLogin((location.search as { redirect?: unknown }).redirect) : null;
    if (back) throw redirect({ href: back, replace: true });
    if (target) {
      throw redirect({
        to: target,
        // The login page returns to the page asked for (a task link from a mail opens its task).
        search:
          target === LOGIN_PATH
            ? { workspace_id: undefined, redirect: returnPathAfterLogin(location.href) ?? undefined }
            : (prev) => prev,
        replace: true,
      });
    }
    const current = currentWorkspaceId(session);
    if (signedIn && search.workspace_id && current && search.workspace_id !== current) {
      // A workspace the user cannot use (left, suspended, mistyped): drop it from the address. It is
      // removed explicitly, since the search middleware would otherwise carry the current value over.
      throw redirect({
        to: location.pathname as "/",
        search: (prev) => ({ ...prev, workspace_id: undefined }),
        replace: true,
      });
    }
  },
  component: RootComponent,
  pendingComponent: () => <FullPageLoader />,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});

function RootComponent() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}
