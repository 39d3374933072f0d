/** Query keys of the 業種 catalogue. */
export const businessCategoryKeys = {
  all: () => ["business-category", "list-all"] as const,
};
