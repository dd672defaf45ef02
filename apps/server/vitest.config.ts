import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Each file gets its own cloned database; two workers match the 2-core machines we run on.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
