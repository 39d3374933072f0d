import { asc } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { businessCategories } from "../../db/schema/business-categories.ts";

// The 業種 catalogue is seed data shared by every workspace (migration 0002), not a workspace's rows:
// this is the one query of the module that takes no workspace id, and it reads nothing private.
export async function listBusinessCategories(db: DbOrTx) {
  return db
    .select({ id: businessCategories.id, name: businessCategories.name, position: businessCategories.position })
    .from(businessCategories)
    .orderBy(asc(businessCategories.position), asc(businessCategories.id));
}
