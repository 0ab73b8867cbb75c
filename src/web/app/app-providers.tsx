import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { ToastProvider } from '@web/components/ui/toast';

export const createQueryClient = () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });

/** What wraps every page, in the browser and in the build's prerender alike: the two must render the same tree. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
