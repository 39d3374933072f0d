/**
 * The drawer's script (editors, rule preview, history), loaded on the first open rather than with the list. One
 * import shared by the list page's lazy component and the tab loader, which starts it early for a task link.
 */
export function loadTaskDetailDrawer() {
  return import("./task-detail-drawer.tsx");
}
