import { useQuery } from "@tanstack/react-query";
import { primaryItemIdNamesContract } from "@tasuki/contract/primary-item/primary-item.contracts";
import { secondaryItemIdNamesContract } from "@tasuki/contract/secondary-item/secondary-item.contracts";
import { callApi } from "../../../../lib/api-client.ts";

/** The live 大項目 of a project or meeting (its agenda), for the drawer's picker. */
export function usePrimaryItemNames(workspaceId: string, projectId: string | null, meetingId: string | null = null) {
  return useQuery({
    queryKey: ["task-item", "primary-names", workspaceId, projectId ?? (meetingId ? `meeting:${meetingId}` : null)],
    queryFn: ({ signal }) =>
      callApi(primaryItemIdNamesContract, {
        query: projectId
          ? { workspace_id: workspaceId, project_id: projectId }
          : { workspace_id: workspaceId, meeting_id: meetingId ?? undefined },
        signal,
      }),
    enabled: Boolean(projectId ?? meetingId),
    placeholderData: undefined,
  });
}

/** The live 中項目 under a 大項目. */
export function useSecondaryItemNames(workspaceId: string, primaryItemId: string | null) {
  return useQuery({
    queryKey: ["task-item", "secondary-names", workspaceId, primaryItemId],
    queryFn: ({ signal }) =>
      callApi(secondaryItemIdNamesContract, {
        query: { workspace_id: workspaceId, primary_item_id: primaryItemId ?? "" },
        signal,
      }),
    enabled: Boolean(primaryItemId),
    placeholderData: undefined,
  });
}
