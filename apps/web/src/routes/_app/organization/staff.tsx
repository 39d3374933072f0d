import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { StaffPage, type StaffSearchUpdate } from "../../../features/staff/components/staff-page.tsx";
import { staffSearchSchema } from "../../../features/staff/staff-search.ts";

export const Route = createFileRoute("/_app/organization/staff")({
  validateSearch: staffSearchSchema,
  component: StaffRoute,
});

function StaffRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const setSearch = useCallback<StaffSearchUpdate>(
    (update, options) =>
      void navigate({ search: (previous) => ({ ...previous, ...update(previous) }), replace: options?.replace }),
    [navigate],
  );
  return <StaffPage search={search} setSearch={setSearch} />;
}
