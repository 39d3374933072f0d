import { useMutation } from "@tanstack/react-query";
import { syncGeneratedDescriptionContract } from "@tasuki/contract/task/sync-generated-description.contract";
import { callApi } from "../../../lib/api-client.ts";
import { storeSavedTask } from "./store-saved-task.ts";

export function syncGeneratedDescription(request: { id: string; overwrite: boolean }) {
  return callApi(syncGeneratedDescriptionContract, {
    params: { id: request.id },
    body: { overwrite: request.overwrite },
  });
}

export function useSyncGeneratedDescription() {
  return useMutation({ mutationFn: syncGeneratedDescription, onSuccess: storeSavedTask, meta: { toastError: false } });
}
