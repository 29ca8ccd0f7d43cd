// The app with its query cache: what main.tsx mounts (and what the renderer's tests render).
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { App } from './App';
import { createQueryClient } from './query/queryClient';

export function Root({ client }: { client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  );
}
