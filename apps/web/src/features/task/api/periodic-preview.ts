import { queryOptions, useQuery } from "@tanstack/react-query";
import { periodicPreviewContract } from "@tasuki/contract/task/periodic-preview.contract";
import type { RecurrenceRule } from "@tasuki/contract/task/recurrence.schema";
import { callApi } from "../../../lib/api-client.ts";
import { taskKeys } from "./task-keys.ts";

export function previewPeriodicRule(
  body: { workspace_id: string; rule: RecurrenceRule; count?: number },
  signal?: AbortSignal,
) {
  return callApi(periodicPreviewContract, { body, signal });
}

/**
 * The next occurrences of a rule from today (POST /app/task/periodic/preview). Null while the rule is not
 * valid; the previous answer stays on screen while the next one loads (the app's default).
 */
export function periodicPreviewQueryOptions(workspaceId: string, rule: RecurrenceRule | null, count = 8) {
  return queryOptions({
    queryKey: taskKeys.periodicPreview(workspaceId, rule, count),
    queryFn: ({ signal }) => previewPeriodicRule({ workspace_id: workspaceId, rule: rule!, count }, signal),
    enabled: rule !== null,
    staleTime: 60_000,
  });
}

export function usePeriodicPreview(workspaceId: string, rule: RecurrenceRule | null, count = 8) {
  return useQuery(periodicPreviewQueryOptions(workspaceId, rule, count));
}
