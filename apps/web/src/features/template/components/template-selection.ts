import type { TemplateKind } from "@tasuki/contract/template/template.schema";

/** A selected template in the address: `primary_item:<id>`, or `new:<kind>` for one being written. */
export type Selection = { kind: TemplateKind; id: string | null };

export function parseSelection(value: string | undefined): Selection | null {
  if (!value) return null;
  const [head, id] = value.split(":");
  if (head === "new" && (id === "task" || id === "primary_item" || id === "secondary_item"))
    return { kind: id, id: null };
  if ((head === "task" || head === "primary_item" || head === "secondary_item") && id) return { kind: head, id };
  return null;
}
