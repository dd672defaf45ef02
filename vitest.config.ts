import { defineConfig } from 'vitest/config';

// One runner for every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/profile-page', 'apps/server', 'apps/web'],
    // Two cores here and in CI: one file per core; each server file owns its own database.
    maxWorkers: 2,
    // A focused test (`.only`) would silently drop every other test from the run.
    allowOnly: false,
  },
});
