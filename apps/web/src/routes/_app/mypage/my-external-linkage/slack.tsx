import { createFileRoute } from "@tanstack/react-router";
import { MyExternalLinkagePage } from "../../../../features/external-service/components/my-external-linkage-page.tsx";

export const Route = createFileRoute("/_app/mypage/my-external-linkage/slack")({
  component: () => <MyExternalLinkagePage service="slack" />,
});
