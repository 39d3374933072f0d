import { createFileRoute } from "@tanstack/react-router";
import { WorkspacePage } from "../../../features/mypage/components/workspace-page.tsx";

export const Route = createFileRoute("/_app/mypage/workspace")({
  component: WorkspacePage,
});
