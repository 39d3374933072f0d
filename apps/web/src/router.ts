import { createRouter } from "@tanstack/react-router";
import { ErrorPage } from "./components/error-page.tsx";
import { NotFoundPage } from "./components/not-found-page.tsx";
import { PageLoader } from "./components/page-loader.tsx";
import { DYNAMIC_LOADING_DELAY_MS } from "./lib/constants.ts";
import { queryClient } from "./lib/query-client.ts";
import { routeTree } from "./route-tree.gen.ts";

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPendingComponent: PageLoader,
  defaultPendingMs: DYNAMIC_LOADING_DELAY_MS,
  defaultErrorComponent: ErrorPage,
  defaultNotFoundComponent: NotFoundPage,
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** Render the page inside the shared layout but without its header bar. */
    noHeader?: boolean;
  }
}
