import { useQuery } from "@tanstack/react-query";
import type { WorkspaceUser } from "@tasuki/contract/workspace-user/workspace-user.schema";
import { useDebouncedValue } from "../../../hooks/use-debounced-value.ts";
import { listWorkspaceUsers, listWorkspaceUsersQueryOptions } from "./list-workspace-users.ts";

/** How long typing must pause before a picker asks the server. */
export const STAFF_SEARCH_DEBOUNCE_MS = 250;

export interface StaffSearchInput {
  workspaceId: string;
  /** The text as typed (trimmed here). */
  text: string;
  /** The people of the task or meeting the picker is for: the server ranks those it finds first. */
  firstIds?: readonly (string | null | undefined)[];
  perPage?: number;
}

const queryOf = ({ workspaceId, text, firstIds = [], perPage = 20 }: StaffSearchInput) => {
  // Sorted and without repeats, so that the same people make the same cache key.
  const first = [...new Set(firstIds.filter((id): id is string => Boolean(id)))].sort();
  return {
    workspace_id: workspaceId,
    q: text.trim() || undefined,
    per_page: perPage,
    sort: "kana" as const,
    ...(first.length > 0 && { first_ids: first }),
  };
};

/**
 * One staff search for every picker and mention list: the text is in the query key, so an answer is only ever
 * shown as the answer to its own text. The mention list (Tiptap asks with a promise) goes through the same key.
 */
export function staffSearchQueryOptions(input: StaffSearchInput) {
  return listWorkspaceUsersQueryOptions(queryOf(input));
}

/** The same search as a promise, cancelled with `signal` (Tiptap's suggestion aborts a superseded one). */
export function searchStaff(input: StaffSearchInput, signal?: AbortSignal): Promise<{ items: WorkspaceUser[] }> {
  return listWorkspaceUsers(queryOf(input), signal);
}

/**
 * Staff found by the text a person is typing. `items` are the rows of exactly the text given, never of an
 * earlier one: while the answer to the current text is on its way (or typing has not paused yet), `items` is
 * empty and `searching` true. The client's `keepPreviousData` default would otherwise keep the previous text's
 * rows on screen under the new text, and a quick pick invited a person of the earlier search.
 */
export function useStaffSearch(input: StaffSearchInput & { enabled?: boolean }) {
  const wanted = input.text.trim();
  const settled = useDebouncedValue(wanted, STAFF_SEARCH_DEBOUNCE_MS);
  const enabled = input.enabled ?? true;
  const query = useQuery({ ...staffSearchQueryOptions({ ...input, text: settled }), enabled });
  const current = settled === wanted && !query.isPlaceholderData ? query.data : undefined;
  return {
    items: current?.items ?? [],
    searching: enabled && current === undefined && !query.isError,
    failed: settled === wanted && query.isError,
    retry: () => void query.refetch(),
  };
}
