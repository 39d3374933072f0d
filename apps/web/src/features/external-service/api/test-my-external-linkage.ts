import { useMutation } from "@tanstack/react-query";
import type { ExternalServiceName } from "@tasuki/contract/external-service/external-service.schema";
import { testMyExternalLinkageContract } from "@tasuki/contract/external-service/test-my-external-linkage.contract";
import { callApi } from "../../../lib/api-client.ts";

export function testMyExternalLinkage(input: { service: ExternalServiceName; workspace_id: string }) {
  return callApi(testMyExternalLinkageContract, {
    params: { service: input.service },
    body: { workspace_id: input.workspace_id },
  });
}

/** Queues a test message; nothing on the page changes. */
export function useTestMyExternalLinkage() {
  return useMutation({ mutationFn: testMyExternalLinkage });
}
