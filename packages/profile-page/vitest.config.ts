import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'profile-page',
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    maxWorkers: 2,
    allowOnly: false,
    // As in the other projects: a bound only decides how late a failure shows on a busy machine.
    testTimeout: 60_000,
  },
});
