import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Each file gets its own cloned database, so files run in parallel safely.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
