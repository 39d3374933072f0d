import type { QueryClient } from "@tanstack/react-query";
import type { TemplateKind } from "@tasuki/contract/template/template.schema";
import { meetingKeys } from "../../meeting/api/meeting-keys.ts";
import { itemKeys, taskKeys } from "../../task/api/task-keys.ts";
import { applyPrimaryItemTpl } from "./use-primary-item-tpl.ts";
import { applySecondaryItemTpl } from "./use-secondary-item-tpl.ts";
import { applyTaskTpl } from "./use-task-tpl.ts";

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
    const answer = await applyPrimaryItemTpl({
      ...common,
      ...(parent.kind === "project" ? { project_id: parent.id } : { meeting_id: parent.id }),
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
    const answer = await applySecondaryItemTpl({ ...common, primary_item_id: parent.id });
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
  const answer = await applyTaskTpl({ ...common, [parentField[parent.kind]]: parent.id });
  return { primaryItems: 0, secondaryItems: 0, tasks: answer.items.length };
}

/** After a `use`: the lists and plans that now hold new rows (tasks, items and meetings). */
export function refreshAfterUse(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: itemKeys.all }),
    queryClient.invalidateQueries({ queryKey: taskKeys.all }),
    queryClient.invalidateQueries({ queryKey: meetingKeys.all }),
  ]);
}
