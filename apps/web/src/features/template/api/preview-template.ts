import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { type PreviewTemplateBody, previewTemplateContract } from "@tasuki/contract/template/preview-template.contract";
import { callApi } from "../../../lib/api-client.ts";
import { templateKeys } from "./template-keys.ts";

export function previewTemplate(body: PreviewTemplateBody, signal?: AbortSignal) {
  return callApi(previewTemplateContract, { body, signal });
}

export function previewQueryOptions(body: PreviewTemplateBody | null) {
  return queryOptions({
    queryKey: templateKeys.preview(body),
    queryFn: ({ signal }) => previewTemplate(body as PreviewTemplateBody, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
