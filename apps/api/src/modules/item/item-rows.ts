import type { DbOrTx } from "../../db/client.ts";
import {
  findItems,
  type ItemList,
  type ItemRow,
  insertItems,
  lastItemPosition,
  type PrimaryItemRow,
  type SecondaryItemRow,
} from "./item.repository.ts";

/*
 * Items' rows as the modules built on them read and write them: a task is placed under items, a template's trees
 * are made under one, the activity log names them. Who may see and place what is item-access.ts; copies of a tree
 * are item-copy.ts.
 */

export type { ItemRow, PrimaryItemRow, SecondaryItemRow };

/** Primary items by id (trashed ones too), in id order; `lock` holds them until the caller's transaction ends. */
export const findPrimaryItems = (db: DbOrTx, workspaceId: string, ids: string[], lock?: "update" | "share") =>
  findItems(db, "primary", workspaceId, ids, lock) as Promise<PrimaryItemRow[]>;

/** Secondary items by id (trashed ones too), in id order; `lock` as findPrimaryItems. */
export const findSecondaryItems = (db: DbOrTx, workspaceId: string, ids: string[], lock?: "update" | "share") =>
  findItems(db, "secondary", workspaceId, ids, lock) as Promise<SecondaryItemRow[]>;

/** New items of one level in one statement, placed where the caller says (after `lastPositionIn` to append). */
export const insertItemRows = (db: DbOrTx, level: "primary" | "secondary", values: Parameters<typeof insertItems>[2]) =>
  insertItems(db, level, values);

/** The last position of a list, trash included (null when it is empty). */
export const lastPositionIn = (db: DbOrTx, workspaceId: string, list: ItemList) =>
  lastItemPosition(db, workspaceId, list);
