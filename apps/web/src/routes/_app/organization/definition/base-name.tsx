import { createFileRoute } from "@tanstack/react-router";
import { BaseNamePage } from "../../../../features/organization/components/base-name-page.tsx";

export const Route = createFileRoute("/_app/organization/definition/base-name")({
  component: BaseNamePage,
});
