import type { AppContext } from "../../context/app-context.ts";
import { listBusinessCategories } from "./business-category.repository.ts";

/**
 * Any signed-in user may read the catalogue (a company is described before anything else exists).
 * The table's stable text id is the category's code too: companies and AI templates store it.
 */
export async function listAllBusinessCategories(ctx: AppContext) {
  const rows = await listBusinessCategories(ctx.db);
  return { items: rows.map((row) => ({ id: row.id, code: row.id, name: row.name, position: row.position })) };
}
