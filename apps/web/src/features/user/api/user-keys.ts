/** Query keys of the signed-in user. */
export const userKeys = {
  all: ["user"] as const,
  me: () => ["user", "me"] as const,
};
