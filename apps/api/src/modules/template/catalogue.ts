import type { AiPrimaryTpl, AiSecondaryTpl } from "@tasuki/contract/template/ai-template.schema";
import type { PrimaryItemTplTreeInput } from "@tasuki/contract/template/template.schema";
import { primaryItemTplTreeSchema } from "@tasuki/contract/template/template.schema";
import { type AiCatalogue, aiCatalogue, type CataloguePrimaryItem } from "./ai-catalogue-data.ts";

/**
 * The AI catalogue as the API answers it: each entry read through the template schema (defaults filled in, so an
 * entry is exactly what `primary-item-tpl/new` would save), once, when first asked for.
 */
let normalised: Map<string, AiPrimaryTpl[]> | null = null;

export function catalogueEntry(categoryId: string, entry: CataloguePrimaryItem): AiPrimaryTpl {
  const tree = primaryItemTplTreeSchema.parse({
    name: entry.name,
    description: entry.description,
    day_basis: entry.day_basis ?? "business",
    secondary_items: entry.secondary_items,
    tasks: entry.tasks ?? [],
  });
  const taskCount = tree.tasks.length + tree.secondary_items.reduce((sum, item) => sum + item.tasks.length, 0);
  return { id: entry.id, business_category_id: categoryId, ...tree, task_count: taskCount };
}

export function normaliseCatalogue(catalogue: AiCatalogue): Map<string, AiPrimaryTpl[]> {
  return new Map(
    Object.entries(catalogue).map(([categoryId, entries]) => [
      categoryId,
      entries.map((entry) => catalogueEntry(categoryId, entry)),
    ]),
  );
}

export function cataloguePrimaryTemplates(categoryId: string): AiPrimaryTpl[] {
  normalised ??= normaliseCatalogue(aiCatalogue);
  return normalised.get(categoryId) ?? [];
}

/** The catalogue's secondary item templates: each 中項目 of each entry, named after the entry it comes from. */
export function catalogueSecondaryTemplates(categoryId: string): AiSecondaryTpl[] {
  return cataloguePrimaryTemplates(categoryId).flatMap((primary) =>
    primary.secondary_items.map((item, index) => ({
      id: `${primary.id}/${index + 1}`,
      business_category_id: categoryId,
      primary_tpl_id: primary.id,
      primary_tpl_name: primary.name,
      name: item.name,
      description: item.description,
      day_basis: primary.day_basis,
      tasks: item.tasks,
      task_count: item.tasks.length,
    })),
  );
}

/** The entries as examples for 「AIで作成」 (without their catalogue ids). */
export function catalogueExamples(categoryId: string | null): PrimaryItemTplTreeInput[] {
  if (!categoryId) return [];
  return cataloguePrimaryTemplates(categoryId).map(
    ({ id: _id, business_category_id: _c, task_count: _n, ...tree }) => tree,
  );
}
