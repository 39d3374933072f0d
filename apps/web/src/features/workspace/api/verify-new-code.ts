import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { verifyNewWorkspaceCodeContract } from "@tasuki/contract/workspace/verify-new-code.contract";
import { callApi } from "../../../lib/api-client.ts";
import { workspaceKeys } from "./workspace-keys.ts";

export type VerifyNewWorkspaceCodeBody = ContractBody<typeof verifyNewWorkspaceCodeContract>;

export function verifyNewWorkspaceCode(body: VerifyNewWorkspaceCodeBody, signal?: AbortSignal) {
  return callApi(verifyNewWorkspaceCodeContract, { body, signal });
}

/** A POST by method, but a question by meaning ("is this code free?"), so it is cached as a query. */
export function verifyNewWorkspaceCodeQueryOptions(code: string) {
  return queryOptions({
    queryKey: workspaceKeys.codeAvailability(code),
    queryFn: ({ signal }) => verifyNewWorkspaceCode({ code }, signal),
    // The previous code's answer must not be shown for the new one.
    placeholderData: undefined,
    staleTime: 5_000,
  });
}

export function useWorkspaceCodeAvailability(code: string, enabled: boolean) {
  return useQuery({ ...verifyNewWorkspaceCodeQueryOptions(code), enabled });
}
