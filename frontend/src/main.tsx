// First: it configures zod before any module that loads it.
import './app/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { reloadOnStaleChunks } from './app/reload-on-stale-chunks';
import { registerServiceWorker } from './features/push/service-worker';

reloadOnStaleChunks();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
