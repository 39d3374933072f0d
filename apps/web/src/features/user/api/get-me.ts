import { queryOptions } from "@tanstack/react-query";
import { getMeContract } from "@tasuki/contract/user/get-me.contract";
import { callApi } from "../../../lib/api-client.ts";

export function getMe() {
  return callApi(getMeContract);
}

export function getMeQueryOptions() {
  return queryOptions({ queryKey: ["user", "me"], queryFn: ({ signal }) => callApi(getMeContract, { signal }) });
}
