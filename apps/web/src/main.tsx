// First: no schema may be made before zod is told not to compile with eval (see the module).
import './app/zod-jitless.ts';
import './app/mantine-styles.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { preloadLinkedPages } from './app/preload.ts';
import { AppProviders } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';

// A page's code starts loading when the pointer or focus reaches a link to it, not on the click.
preloadLinkedPages();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <AppRouter />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
