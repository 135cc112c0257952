import { QueryClient } from '@tanstack/react-query';

/** The console's one query cache: its pages read it, route loaders fill it ahead of their code. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
