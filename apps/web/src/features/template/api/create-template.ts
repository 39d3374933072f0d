import { draftBody, type TemplateDraft } from "../template-draft.ts";
import { newPrimaryItemTpl } from "./new-primary-item-tpl.ts";
import { newSecondaryItemTpl } from "./new-secondary-item-tpl.ts";
import { newTaskTpl } from "./new-task-tpl.ts";

/** A new template of the draft's kind, through that kind's call. */
export async function createTemplate(
  workspaceId: string,
  draft: TemplateDraft,
  origin: "manual" | "catalogue" | "ai" = "manual",
) {
  const body = draftBody(draft);
  if (draft.kind === "task") {
    const task = body.tasks[0];
    if (!task) throw new Error("A task template has one task");
    return newTaskTpl({ workspace_id: workspaceId, ...task, day_basis: body.day_basis });
  }
  if (draft.kind === "secondary_item") {
    const { secondary_items: _unused, ...rest } = body;
    return newSecondaryItemTpl({ workspace_id: workspaceId, ...rest, origin });
  }
  return newPrimaryItemTpl({ workspace_id: workspaceId, ...body, origin });
}
