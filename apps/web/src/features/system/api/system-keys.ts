/** Query keys of the server's settings for the client. */
export const systemKeys = {
  clientConfig: () => ["system", "client-config"] as const,
};
