import { QueryClient } from '@tanstack/react-query';

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      // The HTTP layer already tells the user about failures; retrying would tell them twice.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

/** The console's one client: the providers hand it to the pages, and the page registry asks ahead with it. */
export const appQueryClient = createQueryClient();
