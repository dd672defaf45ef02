import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    // One module graph per worker, not per file (halves the run: each file re-imported the whole
    // server). Safe because a test file's state lives in its own app and database (createTestApp);
    // module-level caches are pure (user agents, bot answers, salts by secret).
    isolate: false,
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/one-query-at-a-time.ts'],
    // Each file gets its own cloned database, so files run in parallel safely, one per core.
    maxWorkers: 2,
    allowOnly: false,
    // Tests wait on state; these bounds only decide how late a failure shows, and a machine
    // far busier than the load of 10 we promise (seen: 30 on 2 cores) needs minutes for a set-up.
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
