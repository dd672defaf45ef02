import { defineConfig } from 'vitest/config';

// One runner for every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/profile-page', 'apps/server', 'apps/web'],
    // Each project sets its own `maxWorkers: 2` (one file per core, here and in CI) and
    // `allowOnly: false` (a focused test would silently drop every other test from the run):
    // Vitest reads both per project, not from here. Its defaults on 2 cores are one worker (every
    // file one after another) and `.only` allowed unless CI is set.
  },
});
