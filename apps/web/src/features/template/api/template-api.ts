import { keepPreviousData, type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { deletePrimaryItemTplContract } from "@tasuki/contract/template/delete-primary-item-tpl.contract";
import { deleteSecondaryItemTplContract } from "@tasuki/contract/template/delete-secondary-item-tpl.contract";
import { deleteTaskTplContract } from "@tasuki/contract/template/delete-task-tpl.contract";
import { generatePrimaryItemTplContract } from "@tasuki/contract/template/generate-primary-item-tpl.contract";
import { listAiPrimaryTplsContract } from "@tasuki/contract/template/list-ai-primary-tpls.contract";
import { listPrimaryItemTplsContract } from "@tasuki/contract/template/list-primary-item-tpls.contract";
import { listSecondaryItemTplsContract } from "@tasuki/contract/template/list-secondary-item-tpls.contract";
import { listTaskTplsContract } from "@tasuki/contract/template/list-task-tpls.contract";
import { newPrimaryItemTplContract } from "@tasuki/contract/template/new-primary-item-tpl.contract";
import { newSecondaryItemTplContract } from "@tasuki/contract/template/new-secondary-item-tpl.contract";
import { newTaskTplContract } from "@tasuki/contract/template/new-task-tpl.contract";
import { type PreviewTemplateBody, previewTemplateContract } from "@tasuki/contract/template/preview-template.contract";
import { savePrimaryItemAsTplContract } from "@tasuki/contract/template/save-primary-item-as-tpl.contract";
import { saveSecondaryItemAsTplContract } from "@tasuki/contract/template/save-secondary-item-as-tpl.contract";
import { saveTaskAsTplContract } from "@tasuki/contract/template/save-task-as-tpl.contract";
import type { DayBasis, TemplateKind } from "@tasuki/contract/template/template.schema";
import { updatePrimaryItemTplContract } from "@tasuki/contract/template/update-primary-item-tpl.contract";
import { updateSecondaryItemTplContract } from "@tasuki/contract/template/update-secondary-item-tpl.contract";
import { updateTaskTplContract } from "@tasuki/contract/template/update-task-tpl.contract";
import { usePrimaryItemTplContract } from "@tasuki/contract/template/use-primary-item-tpl.contract";
import { useSecondaryItemTplContract } from "@tasuki/contract/template/use-secondary-item-tpl.contract";
import { useTaskTplContract } from "@tasuki/contract/template/use-task-tpl.contract";
import { callApi } from "../../../lib/api-client.ts";
import { draftBody, type TemplateDraft } from "../template-draft.ts";

/**
 * The template calls of the web. Query keys start with "template"; a `use` also refreshes the task lists and
 * items ("task", "task-item") and meetings, since it makes rows there.
 */

/** A workspace rarely keeps more than a few dozen templates of a kind; one page of 200 is the whole list. */
const PER_PAGE = 200;

export function taskTplsQueryOptions(workspaceId: string, q: string) {
  return queryOptions({
    queryKey: ["template", "task", workspaceId, q],
    queryFn: ({ signal }) =>
      callApi(listTaskTplsContract, {
        query: { workspace_id: workspaceId, per_page: PER_PAGE, page: 1, ...(q && { q }) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function primaryItemTplsQueryOptions(workspaceId: string, q: string) {
  return queryOptions({
    queryKey: ["template", "primary_item", workspaceId, q],
    queryFn: ({ signal }) =>
      callApi(listPrimaryItemTplsContract, {
        query: { workspace_id: workspaceId, per_page: PER_PAGE, page: 1, ...(q && { q }) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function secondaryItemTplsQueryOptions(workspaceId: string, q: string) {
  return queryOptions({
    queryKey: ["template", "secondary_item", workspaceId, q],
    queryFn: ({ signal }) =>
      callApi(listSecondaryItemTplsContract, {
        query: { workspace_id: workspaceId, per_page: PER_PAGE, page: 1, ...(q && { q }) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * After a template is saved or deleted: the company's own template lists, not the catalogue (seed data) nor the
 * previews. Refetching the catalogue kept the catalogue dialog open until a busy server answered it, and remounted
 * its entries folded.
 */
export function invalidateTemplateLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    queryKey: ["template"],
    predicate: (query) => query.queryKey[1] !== "ai-catalogue" && query.queryKey[1] !== "preview",
  });
}

/** The read-only AI catalogue for a 業種 (the workspace's own when none is named); it is seed data, so it stays fresh. */
export function aiCatalogueQueryOptions(workspaceId: string, businessCategoryId: string | undefined) {
  return queryOptions({
    queryKey: ["template", "ai-catalogue", workspaceId, businessCategoryId ?? ""],
    queryFn: ({ signal }) =>
      callApi(listAiPrimaryTplsContract, {
        query: { workspace_id: workspaceId, ...(businessCategoryId && { business_category_id: businessCategoryId }) },
        signal,
      }),
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export const useAiCatalogue = (workspaceId: string, businessCategoryId: string | undefined) =>
  useQuery(aiCatalogueQueryOptions(workspaceId, businessCategoryId));

export function previewQueryOptions(body: PreviewTemplateBody | null) {
  return queryOptions({
    queryKey: ["template", "preview", body],
    queryFn: ({ signal }) => callApi(previewTemplateContract, { body: body as PreviewTemplateBody, signal }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export async function createTemplate(
  workspaceId: string,
  draft: TemplateDraft,
  origin: "manual" | "catalogue" | "ai" = "manual",
) {
  const body = draftBody(draft);
  if (draft.kind === "task") {
    const task = body.tasks[0];
    if (!task) throw new Error("A task template has one task");
    return callApi(newTaskTplContract, { body: { workspace_id: workspaceId, ...task, day_basis: body.day_basis } });
  }
  if (draft.kind === "secondary_item") {
    const { secondary_items: _unused, ...rest } = body;
    return callApi(newSecondaryItemTplContract, { body: { workspace_id: workspaceId, ...rest, origin } });
  }
  return callApi(newPrimaryItemTplContract, { body: { workspace_id: workspaceId, ...body, origin } });
}

export async function updateTemplate(id: string, draft: TemplateDraft) {
  const body = draftBody(draft);
  if (draft.kind === "task") {
    const task = body.tasks[0];
    if (!task) throw new Error("A task template has one task");
    return callApi(updateTaskTplContract, { params: { id }, body: { ...task, day_basis: body.day_basis } });
  }
  if (draft.kind === "secondary_item") {
    const { secondary_items: _unused, ...rest } = body;
    return callApi(updateSecondaryItemTplContract, { params: { id }, body: rest });
  }
  return callApi(updatePrimaryItemTplContract, { params: { id }, body });
}

export function deleteTemplate(kind: TemplateKind, id: string) {
  if (kind === "task") return callApi(deleteTaskTplContract, { params: { id } });
  if (kind === "secondary_item") return callApi(deleteSecondaryItemTplContract, { params: { id } });
  return callApi(deletePrimaryItemTplContract, { params: { id } });
}

/** Where `use` puts what it makes; a primary item template goes under a project or meeting only. */
export type TemplateParent =
  | { kind: "project"; id: string }
  | { kind: "meeting"; id: string }
  | { kind: "primary_item"; id: string }
  | { kind: "secondary_item"; id: string };

export interface UseTemplateRequest {
  workspaceId: string;
  kind: TemplateKind;
  ids: string[];
  startDate: string;
  parent: TemplateParent;
  assigneeId?: string;
}

/** What one `use` made, for the message that follows it. */
export interface UseTemplateResult {
  primaryItems: number;
  secondaryItems: number;
  tasks: number;
}

export async function applyTemplates(request: UseTemplateRequest): Promise<UseTemplateResult> {
  const common = {
    workspace_id: request.workspaceId,
    ids: request.ids,
    start_date: request.startDate,
    ...(request.assigneeId && { assignee_id: request.assigneeId }),
  };
  const { parent } = request;
  if (request.kind === "primary_item") {
    if (parent.kind !== "project" && parent.kind !== "meeting")
      throw new Error("大項目はプロジェクトか会議に追加します");
    const answer = await callApi(usePrimaryItemTplContract, {
      body: { ...common, ...(parent.kind === "project" ? { project_id: parent.id } : { meeting_id: parent.id }) },
    });
    return {
      primaryItems: answer.items.length,
      secondaryItems: answer.items.reduce((sum, item) => sum + item.secondary_items.length, 0),
      tasks: answer.items.reduce(
        (sum, item) =>
          sum + item.tasks.length + item.secondary_items.reduce((inner, child) => inner + child.tasks.length, 0),
        0,
      ),
    };
  }
  if (request.kind === "secondary_item") {
    if (parent.kind !== "primary_item") throw new Error("中項目は大項目に追加します");
    const answer = await callApi(useSecondaryItemTplContract, { body: { ...common, primary_item_id: parent.id } });
    return {
      primaryItems: 0,
      secondaryItems: answer.items.length,
      tasks: answer.items.reduce((sum, item) => sum + item.tasks.length, 0),
    };
  }
  const parentField = {
    project: "project_id",
    meeting: "meeting_id",
    primary_item: "primary_item_id",
    secondary_item: "secondary_item_id",
  } as const;
  const answer = await callApi(useTaskTplContract, { body: { ...common, [parentField[parent.kind]]: parent.id } });
  return { primaryItems: 0, secondaryItems: 0, tasks: answer.items.length };
}

/** After a `use`: the lists and plans that now hold new rows. */
export function refreshAfterUse(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ["task-item"] }),
    queryClient.invalidateQueries({ queryKey: ["task"] }),
    queryClient.invalidateQueries({ queryKey: ["meeting"] }),
  ]);
}

/** 「テンプレートとして保存」 of an existing 大項目, 中項目 or task (with what is under it). */
export type SaveAsSource = { kind: TemplateKind; id: string; name: string };

export function saveAsTemplate(source: SaveAsSource, name: string, dayBasis: DayBasis) {
  if (source.kind === "task") {
    return callApi(saveTaskAsTplContract, { body: { task_id: source.id, title: name, day_basis: dayBasis } });
  }
  if (source.kind === "secondary_item") {
    return callApi(saveSecondaryItemAsTplContract, {
      body: { secondary_item_id: source.id, name, day_basis: dayBasis },
    });
  }
  return callApi(savePrimaryItemAsTplContract, { body: { primary_item_id: source.id, name, day_basis: dayBasis } });
}

export type GenerateBody = ContractBody<typeof generatePrimaryItemTplContract>;
export const generateTemplate = (body: GenerateBody) => callApi(generatePrimaryItemTplContract, { body });
