import { createFileRoute } from "@tanstack/react-router";
import { EmailAddressPage } from "../../../features/mypage/components/email-address-page.tsx";

export const Route = createFileRoute("/_app/mypage/email-address")({
  component: EmailAddressPage,
});
