import "react-toastify/ReactToastify.css";
// Sets up dayjs once for the whole app: Japanese locale, Asia/Tokyo as the default zone.
import "./lib/date.ts";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProviders } from "./app-providers.tsx";
import { startRealtimeListener } from "./features/realtime/realtime-listener.ts";
import { startRealtime } from "./features/realtime/start-realtime.ts";
import { hydratePreviousPages, rememberPage } from "./lib/previous-pages.ts";
import { queryClient } from "./lib/query-client.ts";
import { router } from "./router.ts";
import { returnPathAfterLogin } from "./session/navigation-rules.ts";
import { configureSessionNavigation } from "./session/session.ts";

configureSessionNavigation((to, { keepPlace }) => {
  // Leaving the session: the workspace of the old one must not ride along.
  const redirect = keepPlace ? (returnPathAfterLogin(router.state.location.href) ?? undefined) : undefined;
  void router.navigate({ to, search: { workspace_id: undefined, redirect }, replace: true });
});
void hydratePreviousPages();
router.subscribe("onResolved", ({ toLocation }) => rememberPage(toLocation.pathname));
startRealtime(queryClient);
startRealtimeListener({ revalidate: () => void router.invalidate() });

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
