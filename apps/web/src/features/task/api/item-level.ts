import { deletePrimaryItem } from "./delete-primary-item.ts";
import { deleteSecondaryItem } from "./delete-secondary-item.ts";
import { putPrimaryItemPosition } from "./put-primary-item-position.ts";
import { putSecondaryItemPosition } from "./put-secondary-item-position.ts";
import { restorePrimaryItem } from "./restore-primary-item.ts";
import { restoreSecondaryItem } from "./restore-secondary-item.ts";
import { updatePrimaryItem } from "./update-primary-item.ts";
import { updateSecondaryItem } from "./update-secondary-item.ts";

/**
 * 大項目 and 中項目 have the same shape and the same calls: the list rows act on either by its level, through
 * the one call of each level.
 */
export type ItemLevel = "primary" | "secondary";

export function renameItem(level: ItemLevel, id: string, name: string) {
  return level === "primary" ? updatePrimaryItem(id, { name }) : updateSecondaryItem(id, { name });
}

export function deleteItem(level: ItemLevel, id: string) {
  return level === "primary" ? deletePrimaryItem(id) : deleteSecondaryItem(id);
}

export function restoreItem(level: ItemLevel, id: string) {
  return level === "primary" ? restorePrimaryItem(id) : restoreSecondaryItem(id);
}

export function putItemPosition(
  level: ItemLevel,
  id: string,
  body: { prev_id: string | null; next_id: string | null },
) {
  return level === "primary" ? putPrimaryItemPosition(id, body) : putSecondaryItemPosition(id, body);
}
