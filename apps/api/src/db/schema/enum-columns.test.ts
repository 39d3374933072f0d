import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { invoiceSchema } from "@tasuki/contract/billing/invoice.schema";
import { planContractSchema, planUsageSchema } from "@tasuki/contract/billing/plan.schema";
import {
  externalServiceNameSchema,
  myExternalLinkageSchema,
  workspaceExternalServiceSchema,
} from "@tasuki/contract/external-service/external-service.schema";
import { meetingSchema } from "@tasuki/contract/meeting/meeting.schema";
import {
  notificationKindSchema,
  notificationPreferenceSchema,
} from "@tasuki/contract/notification/notification.schema";
import { projectSchema } from "@tasuki/contract/project/project.schema";
import { taskSchema, taskStatusChangeSchema } from "@tasuki/contract/task/task.schema";
import { dayBasisSchema, templateKindSchema, templateOriginSchema } from "@tasuki/contract/template/template.schema";
import { workspaceSchema } from "@tasuki/contract/workspace/workspace.schema";
import { workspaceUserSchema } from "@tasuki/contract/workspace-user/workspace-user.schema";
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import type { z } from "zod";

/** Every schema file, so that a new table is checked without being named here. */
async function schemaModules(): Promise<Record<string, unknown>[]> {
  const folder = dirname(fileURLToPath(import.meta.url));
  const files = readdirSync(folder).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));
  return Promise.all(files.map((file) => import(join(folder, file)) as Promise<Record<string, unknown>>));
}

/**
 * Where each value of a column with a fixed set of values is answered: the contract's schema of that field.
 * `null`: the column never leaves the server (bookkeeping of jobs), so no answer can refuse it.
 */
const ANSWERED_BY: Record<string, z.ZodType | null> = {
  "billing_accounts.disabled_reason": planUsageSchema.shape.disabled_reason,
  "invoices.status": invoiceSchema.shape.status,
  "invoices.payment_method": invoiceSchema.shape.payment_method,
  "plan_contracts.plan": planContractSchema.shape.plan,
  "plan_contracts.cycle": planContractSchema.shape.cycle,
  "plan_contracts.status": planContractSchema.shape.status,
  "plan_contracts.payment_method": planContractSchema.shape.payment_method,
  "external_deliveries.service": null,
  "external_deliveries.state": null,
  "external_links.service": externalServiceNameSchema,
  "external_links.state": myExternalLinkageSchema.shape.link.unwrap().shape.state,
  "workspace_external_services.service": workspaceExternalServiceSchema.shape.service,
  "workspace_external_services.state": workspaceExternalServiceSchema.shape.state,
  "meetings.meeting_type": meetingSchema.shape.meeting_type,
  "notification_preferences.email": notificationPreferenceSchema.shape.email,
  "notifications.kind": notificationKindSchema,
  "notifications.email_status": null,
  "task_status_changes.from_status": taskStatusChangeSchema.shape.from,
  "task_status_changes.to_status": taskStatusChangeSchema.shape.to,
  "tasks.description_source": taskSchema.shape.description_source,
  "tasks.status": taskSchema.shape.status,
  "tasks.priority": taskSchema.shape.priority,
  "templates.kind": templateKindSchema,
  "templates.day_basis": dayBasisSchema,
  "templates.origin": templateOriginSchema,
  "projects.status": projectSchema.shape.status,
  "workspace_users.role": workspaceUserSchema.shape.role,
  "workspace_users.status": workspaceUserSchema.shape.status,
  "workspaces.status": workspaceSchema.shape.status,
  "workspaces.date_style": workspaceSchema.shape.date_style,
};

describe("columns with a fixed set of values", () => {
  // The class of the 監査ログ's 500: a value the database holds that the answer's contract does not list makes
  // the server refuse its own answer. The audit triggers' values are read from the catalog in
  // audit-log.routes.test.ts; these are the columns the API writes.
  it("hold only values their answers' contracts list, and a new one is not left unchecked", async () => {
    const columns = (await schemaModules())
      .flatMap((module) => Object.values(module))
      .filter((value): value is PgTable => is(value, PgTable))
      .flatMap((table) => {
        const config = getTableConfig(table);
        return config.columns
          .filter((column) => (column as { enumValues?: string[] }).enumValues?.length)
          .map((column) => ({
            key: `${config.name}.${column.name}`,
            values: (column as unknown as { enumValues: string[] }).enumValues,
          }));
      });
    expect(columns.length).toBeGreaterThan(25);
    expect(columns.map((column) => column.key).filter((key) => !(key in ANSWERED_BY))).toEqual([]);
    const refused = columns.flatMap(({ key, values }) => {
      const schema = ANSWERED_BY[key];
      return schema ? values.filter((value) => !schema.safeParse(value).success).map((value) => `${key}=${value}`) : [];
    });
    expect(refused).toEqual([]);
  });
});
