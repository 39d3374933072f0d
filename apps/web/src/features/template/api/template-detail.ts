import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TemplateKind } from "@tasuki/contract/template/template.schema";
import { draftOfItem, draftOfSecondary, draftOfTask, type TemplateDraft } from "../template-draft.ts";
import { getPrimaryItemTpl } from "./get-primary-item-tpl.ts";
import { getSecondaryItemTpl } from "./get-secondary-item-tpl.ts";
import { getTaskTpl } from "./get-task-tpl.ts";
import { templateKeys } from "./template-keys.ts";

export interface TemplateDetail {
  draft: TemplateDraft;
  updatedAt: string;
  origin: string;
}

/** One template of any kind, read through its kind's call, as the editor's draft. */
export function templateDetailQueryOptions(selection: { kind: TemplateKind; id: string | null }) {
  return queryOptions({
    queryKey: templateKeys.detail(selection.kind, selection.id),
    enabled: selection.id !== null,
    queryFn: async ({ signal }): Promise<TemplateDetail> => {
      const id = selection.id as string;
      if (selection.kind === "task") {
        const template = await getTaskTpl(id, signal);
        return { draft: draftOfTask(template), updatedAt: template.updated_at, origin: template.origin };
      }
      if (selection.kind === "secondary_item") {
        const template = await getSecondaryItemTpl(id, signal);
        return { draft: draftOfSecondary(template), updatedAt: template.updated_at, origin: template.origin };
      }
      const template = await getPrimaryItemTpl(id, signal);
      return { draft: draftOfItem("primary_item", template), updatedAt: template.updated_at, origin: template.origin };
    },
  });
}

export function useTemplateDetail(selection: { kind: TemplateKind; id: string | null }) {
  return useQuery(templateDetailQueryOptions(selection));
}
