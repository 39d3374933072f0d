import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { listBusinessCategories } from "./business-category.repository.ts";

/**
 * Any signed-in user may read the catalogue (a company is described before anything else exists).
 * The table's stable text id is the category's code too: companies and AI templates store it.
 */
export async function listAllBusinessCategories(ctx: AppContext) {
  const rows = await listBusinessCategories(ctx.db);
  return { items: rows.map((row) => ({ id: row.id, code: row.id, name: row.name, position: row.position })) };
}

/** The 業種 of this id (its code), or null: a template generator is chosen by it. */
export async function findBusinessCategory(db: DbOrTx, id: string): Promise<{ id: string; name: string } | null> {
  const found = (await listBusinessCategories(db)).find((category) => category.id === id);
  return found ? { id: found.id, name: found.name } : null;
}
