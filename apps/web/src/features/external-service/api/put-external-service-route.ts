import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { putExternalServiceRouteContract } from "@tasuki/contract/external-service/external-service-route.contract";
import { callApi } from "../../../lib/api-client.ts";
import { externalServiceKeys } from "./external-service-keys.ts";

export type PutExternalServiceRouteInput = { id: string } & ContractBody<typeof putExternalServiceRouteContract>;

export function putExternalServiceRoute(input: PutExternalServiceRouteInput) {
  return callApi(putExternalServiceRouteContract, {
    params: { id: input.id },
    body: { target_type: input.target_type, target_id: input.target_id, channel_id: input.channel_id },
  });
}

export function usePutExternalServiceRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putExternalServiceRoute,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: externalServiceKeys.all }),
  });
}
