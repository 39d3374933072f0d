import { keepPreviousData, MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { showErrorToast } from "./toast.tsx";

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: {
      /** False when the screen shows the failure itself (e.g. a live availability check). */
      toastError?: boolean;
    };
  }
}

/**
 * One client for the app. The defaults are part of the specification (section 9): no retry, no
 * refetch on window focus, data fresh for 10 s, and the previous data kept while the next loads.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 10_000,
        placeholderData: keepPreviousData,
      },
    },
    queryCache: new QueryCache({
      onError: (error, query) => {
        // First loads show their error in the page; a failed background refresh would go unnoticed.
        if (query.state.data !== undefined) showErrorToast(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.toastError === false) return;
        showErrorToast(error);
      },
    }),
  });
}

export const queryClient = createQueryClient();
