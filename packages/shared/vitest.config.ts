import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'shared',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    maxWorkers: 2,
    allowOnly: false,
    // The property tests run hundreds of cases: at load 10 on 2 cores one took over 5 s (Vitest's
    // default bound). The bound only decides how late a failure shows.
    testTimeout: 60_000,
  },
});
