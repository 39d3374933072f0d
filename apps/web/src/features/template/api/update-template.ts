import { draftBody, type TemplateDraft } from "../template-draft.ts";
import { updatePrimaryItemTpl } from "./update-primary-item-tpl.ts";
import { updateSecondaryItemTpl } from "./update-secondary-item-tpl.ts";
import { updateTaskTpl } from "./update-task-tpl.ts";

/** Saves the draft over a template of its kind, through that kind's call. */
export async function updateTemplate(id: string, draft: TemplateDraft) {
  const body = draftBody(draft);
  if (draft.kind === "task") {
    const task = body.tasks[0];
    if (!task) throw new Error("A task template has one task");
    return updateTaskTpl(id, { ...task, day_basis: body.day_basis });
  }
  if (draft.kind === "secondary_item") {
    const { secondary_items: _unused, ...rest } = body;
    return updateSecondaryItemTpl(id, rest);
  }
  return updatePrimaryItemTpl(id, body);
}
