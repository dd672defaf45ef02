import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server the dev server forwards to; API_PROXY_TARGET points it elsewhere.
const api = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

// React Router's package exports point at its development build even in production builds
// (remix-run/react-router#14102); its production build is the same code without the
// dev-only warnings. Used for `vite build` only, and only while the package ships it.
const REACT_ROUTER_PRODUCTION = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs');

// Every route needs React and the router: a long-cached chunk of their own.
const REACT = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

// Mantine's runtime (provider, Box, styles API) and the components the account screens
// draw, most of which the dashboard draws too, plus our own UI used on every screen.
// Only modules the bundle keeps are captured, and only these: a component the
// dashboard alone uses (AppShell, Modal, …) stays in the dashboard's chunks.
const SHARED_UI_COMPONENTS = [
  'Alert',
  'Anchor',
  'Button',
  'Center',
  'CloseButton',
  'Divider',
  'Group',
  'Input',
  'InputBase',
  'Loader',
  'Paper',
  'Stack',
  'Text',
  'TextInput',
  'Title',
  'Transition',
  'UnstyledButton',
];
const UI = new RegExp(
  String.raw`node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](core[\\/](MantineProvider|Box)|components[\\/](${SHARED_UI_COMPONENTS.join('|')}))[\\/]|src[\\/]components[\\/](BrandLogo|icons)\.`,
);

// The API client, session and error texts every screen uses: one small chunk instead of
// four, each of which would pay its own gzip overhead on the sign-in page.
const APP = /src[\\/]lib[\\/](api|auth|session)\.ts$|packages[\\/]shared[\\/]src[\\/](errors|companies)\.ts$/;

// Code only the account screens (sign-in, register, password, Google callback) share.
const ACCOUNT =
  /src[\\/](features[\\/]auth[\\/](components[\\/](AuthLayout|EmailField|SignInAlternatives)|api[\\/](check-registration|generate-login-otp|get-setup-status)|hooks[\\/]use-finish-sign-in|sign-in-flow)|lib[\\/]use-action)|packages[\\/]shared[\\/]src[\\/]auth\.ts$/;

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: command === 'build' && existsSync(REACT_ROUTER_PRODUCTION) ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/dev': { target: api, changeOrigin: false },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No public source maps: they hand the whole client source to anyone who asks.
    sourcemap: false,
    // Every browser the hub supports knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // A handful of chunks instead of one per shared module: the sign-in page loads
        // react, index (router, guards, providers), ui, account and its own page chunk.
        // The rest is split by the route-level lazy imports: the sign-in route never
        // downloads the dashboard shell or its pages.
        codeSplitting: {
          groups: [
            { name: 'react', test: REACT, priority: 3 },
            { name: 'ui', test: UI, priority: 2 },
            { name: 'app', test: APP, priority: 2, includeDependenciesRecursively: false },
            // Its dependencies stay where they are (index, ui): pulling them in would make
            // the entry chunk import this one, and every page would download it.
            { name: 'account', test: ACCOUNT, priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
}));
