import { createFileRoute } from "@tanstack/react-router";
import { MypageLayout } from "../../../features/mypage/components/mypage-layout.tsx";

export const Route = createFileRoute("/_app/mypage")({
  component: MypageLayout,
});
