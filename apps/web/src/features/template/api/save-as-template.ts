import type { DayBasis, TemplateKind } from "@tasuki/contract/template/template.schema";
import { savePrimaryItemAsTpl } from "./save-primary-item-as-tpl.ts";
import { saveSecondaryItemAsTpl } from "./save-secondary-item-as-tpl.ts";
import { saveTaskAsTpl } from "./save-task-as-tpl.ts";

/** 「テンプレートとして保存」 of an existing 大項目, 中項目 or task (with what is under it). */
export type SaveAsSource = { kind: TemplateKind; id: string; name: string };

export function saveAsTemplate(source: SaveAsSource, name: string, dayBasis: DayBasis) {
  if (source.kind === "task") return saveTaskAsTpl({ task_id: source.id, title: name, day_basis: dayBasis });
  if (source.kind === "secondary_item") {
    return saveSecondaryItemAsTpl({ secondary_item_id: source.id, name, day_basis: dayBasis });
  }
  return savePrimaryItemAsTpl({ primary_item_id: source.id, name, day_basis: dayBasis });
}
