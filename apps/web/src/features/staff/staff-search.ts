import { idSchema, roleSchema, workspaceUserStatusSchema } from "@tasuki/contract/common/common.schema";
import { cutText } from "@tasuki/contract/common/cut-text";
import type { listWorkspaceUsersQuerySchema } from "@tasuki/contract/workspace-user/list-workspace-users.contract";
import { z } from "zod";

/**
 * The state of the staff page as it is kept in the address (search, filters, sort, page, trash, the
 * record on screen), so that a reload, the back button or a shared link shows the same list. Defaults
 * are left out of the address; a value that cannot be read is dropped rather than failing the page.
 */

export type StaffSort = z.output<typeof listWorkspaceUsersQuerySchema>["sort"];
export type SortOrder = "asc" | "desc";

export const STAFF_SORTS = ["position", "kana", "email", "employee_code", "official_position", "created_at"] as const;
export const PER_PAGE_OPTIONS = [25, 50, 100] as const;
export const DEFAULT_PER_PAGE = 50;
export const SEARCH_MAX_LENGTH = 100;

// The router reads `?q=123` as a number and `?q=true` as a boolean: a search for an employee code is still text.
const searchText = z
  .union([z.string(), z.number(), z.boolean()])
  .transform((value) => cutText(String(value).trim(), SEARCH_MAX_LENGTH) || undefined)
  .optional()
  .catch(undefined);

const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

export const staffSearchSchema = z.object({
  q: searchText,
  group_id: optional(idSchema),
  official_position_id: optional(idSchema),
  role: optional(roleSchema),
  status: optional(workspaceUserStatusSchema),
  sort: optional(z.enum(STAFF_SORTS)),
  order: optional(z.enum(["asc", "desc"])),
  page: optional(z.number().int().min(1).max(100_000)),
  per_page: optional(z.literal(PER_PAGE_OPTIONS)),
  trash: optional(z.boolean()),
  /** The staff record open in the side panel (the org chart links here). */
  staff_id: optional(idSchema),
});

export type StaffSearch = z.output<typeof staffSearchSchema>;

export function parseStaffSearch(raw: Record<string, unknown>): StaffSearch {
  return staffSearchSchema.parse(raw);
}

/** The list call the search stands for. */
export function toListQuery(search: StaffSearch, workspaceId: string) {
  return {
    workspace_id: workspaceId,
    q: search.q,
    group_id: search.group_id,
    official_position_id: search.official_position_id,
    role: search.role,
    status: search.status,
    sort: search.sort ?? "position",
    order: search.order ?? "asc",
    page: search.page ?? 1,
    per_page: search.per_page ?? DEFAULT_PER_PAGE,
    trash: search.trash ? ("true" as const) : ("false" as const),
  };
}

export function hasActiveFilters(search: StaffSearch): boolean {
  return Boolean(search.q || search.group_id || search.official_position_id || search.role || search.status);
}

/** The search with every filter taken off (and back to the first page). */
export function clearFilters(search: StaffSearch): StaffSearch {
  return {
    ...search,
    q: undefined,
    group_id: undefined,
    official_position_id: undefined,
    role: undefined,
    status: undefined,
    page: undefined,
  };
}

/**
 * Dragging rows changes the manual order, so it is offered only where the rows on screen are that
 * order, unfiltered: sorted by 表示順 ascending, outside the trash.
 */
export function canReorder(search: StaffSearch): boolean {
  return (
    (search.sort ?? "position") === "position" &&
    (search.order ?? "asc") === "asc" &&
    !search.trash &&
    !hasActiveFilters(search)
  );
}

/** A click on a column header: the same column flips the order, another one sorts by it ascending. */
export function toggleSort(search: StaffSearch, sort: StaffSort): StaffSearch {
  const currentSort = search.sort ?? "position";
  const currentOrder = search.order ?? "asc";
  const order: SortOrder = currentSort === sort && currentOrder === "asc" ? "desc" : "asc";
  return {
    ...search,
    sort: sort === "position" ? undefined : sort,
    order: order === "asc" ? undefined : order,
    page: undefined,
  };
}

/** A change of one filter (or the text) starts again from the first page. */
export function withFilter<K extends "q" | "group_id" | "official_position_id" | "role" | "status">(
  search: StaffSearch,
  key: K,
  value: StaffSearch[K],
): StaffSearch {
  return { ...search, [key]: value || undefined, page: undefined };
}

/** MUI's pagination counts pages from 0, the address from 1 (and leaves out the first page). */
export function withPage(search: StaffSearch, pageIndex: number, perPage?: number): StaffSearch {
  const nextPerPage = perPage ?? search.per_page ?? DEFAULT_PER_PAGE;
  return {
    ...search,
    page: pageIndex > 0 ? pageIndex + 1 : undefined,
    per_page: nextPerPage === DEFAULT_PER_PAGE ? undefined : (nextPerPage as StaffSearch["per_page"]),
  };
}

/** The last page that has rows, when the current page has run past it (rows deleted, filters changed). */
export function lastPageIfBeyond(search: StaffSearch, total: number): number | null {
  const perPage = search.per_page ?? DEFAULT_PER_PAGE;
  const page = search.page ?? 1;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return page > lastPage ? lastPage : null;
}
