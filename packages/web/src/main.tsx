import 'nprogress/nprogress.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers';
import { appQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { loadRuntimeConfig } from './shared/runtime-config';
import { setApiBaseUrl } from './shared/http/http-client';
import { syncAccountFromLocation } from './shared/tenant/account-cookie';

async function start(): Promise<void> {
  // The tenant cookie must be right before anything asks for branding.
  syncAccountFromLocation();
  const config = await loadRuntimeConfig();
  setApiBaseUrl(config.apiBaseUrl);
  const router = createAppRouter();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={appQueryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
