import { partialMatchKey, type QueryClient } from "@tanstack/react-query";
import { templateKeys } from "./template-keys.ts";

/**
 * After a template is saved or deleted: the company's own template lists, not the catalogue (seed data) nor the
 * previews. Refetching the catalogue kept the catalogue dialog open until a busy server answered it, and remounted
 * its entries folded.
 */
export function invalidateTemplateLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    queryKey: templateKeys.all,
    predicate: (query) =>
      !partialMatchKey(query.queryKey, templateKeys.aiCatalogues()) &&
      !partialMatchKey(query.queryKey, templateKeys.previews()),
  });
}
