import { useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../api/query-client';
import { ToastProvider } from '../components/toast/ToastProvider';
import { AppErrorBoundary } from '../features/errors/AppErrorBoundary';
import { LiveEvents } from '../features/live/LiveEvents';
import { ThemeSettingsProvider } from '../theme/ThemeSettingsProvider';
import { AppRoutes } from './AppRoutes';

/** Providers (query cache and its live updates, theme, toasts, error screen) around the router. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <LiveEvents />
      <ThemeSettingsProvider>
        <ToastProvider>
          <AppErrorBoundary>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </AppErrorBoundary>
        </ToastProvider>
      </ThemeSettingsProvider>
    </QueryClientProvider>
  );
}
