import { queryOptions } from "@tanstack/react-query";
import { getMeContract } from "@tasuki/contract/user/get-me.contract";
import { callApi } from "../../../lib/api-client.ts";
import { userKeys } from "./user-keys.ts";

export function getMe(signal?: AbortSignal) {
  return callApi(getMeContract, { signal });
}

export function getMeQueryOptions() {
  return queryOptions({ queryKey: userKeys.me(), queryFn: ({ signal }) => getMe(signal) });
}
