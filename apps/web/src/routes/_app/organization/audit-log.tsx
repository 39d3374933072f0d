import { createFileRoute } from "@tanstack/react-router";
import { auditActionSchema, auditEntitySchema } from "@tasuki/contract/audit-log/audit-log.schema";
import { z } from "zod";
import { AuditLogPage } from "../../../features/audit-log/components/audit-log-page.tsx";

const date = z.iso.date().optional().catch(undefined);

const searchSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  actor_id: z.uuid().optional().catch(undefined),
  entity: auditEntitySchema.optional().catch(undefined),
  action: auditActionSchema.optional().catch(undefined),
  from: date,
  to: date,
});

export const Route = createFileRoute("/_app/organization/audit-log")({
  validateSearch: searchSchema,
  component: function AuditLogRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <AuditLogPage
        search={search}
        onSearch={(next) => void navigate({ search: (previous) => ({ ...previous, ...next }) })}
      />
    );
  },
});
