import type { TemplateKind } from "@tasuki/contract/template/template.schema";
import { deletePrimaryItemTpl } from "./delete-primary-item-tpl.ts";
import { deleteSecondaryItemTpl } from "./delete-secondary-item-tpl.ts";
import { deleteTaskTpl } from "./delete-task-tpl.ts";

export function deleteTemplate(kind: TemplateKind, id: string) {
  if (kind === "task") return deleteTaskTpl(id);
  if (kind === "secondary_item") return deleteSecondaryItemTpl(id);
  return deletePrimaryItemTpl(id);
}
