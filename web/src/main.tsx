import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ApiError } from './api/api-error';
import { router } from './app/router';
import { session } from './features/auth/session';
import './ui/styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A refusal (4xx) is the API's answer, not a hiccup: show it instead of asking again.
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    },
  },
});

// Whatever a session loaded is not the next one's to see: each end of a session (sign-out, a refused token, a copied
// tab) drops the cache, once, when it happens. (An effect in the signed-in frame did it on every mount after the first
// end, so signing in again on the same page cleared the query for the new account while it loaded, which then never
// showed.)
let sessionGeneration = session.snapshot().generation;
session.subscribe(() => {
  const { generation } = session.snapshot();
  if (generation === sessionGeneration) return;
  sessionGeneration = generation;
  queryClient.clear();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
