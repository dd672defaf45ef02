import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    maxWorkers: 2,
    // One jsdom per worker, not per file: the 69 files took 204 s one environment each and 55 s
    // sharing (60 s with the order shuffled, twice, every test passing). What a file leaves behind
    // is reset after each test by src/test/setup.ts (toasts, cached user, queries, storage, mocks).
    isolate: false,
    allowOnly: false,
    // Tests wait on state (findBy, waitFor), bounded generously: on a busy machine (load 10 on
    // 2 cores) a screen takes seconds to settle, and a bound only decides how late a failure shows.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
