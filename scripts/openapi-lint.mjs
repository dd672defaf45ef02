// `npm run lint`: builds the app in-process (embedded PGlite in memory), writes its API
// document to a temporary file and lints it with Redocly's rules (redocly.yaml). Any error fails.
import { buildOpenapiDocument, lintOpenapi } from '../apps/server/src/test/openapi-lint.ts';

const started = performance.now();
const result = await lintOpenapi(await buildOpenapiDocument());
for (const line of result.lines) console.log(line);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`openapi-lint: ${result.errors} errors, ${result.warnings} warnings (${seconds} s)`);
process.exitCode = result.errors > 0 ? 1 : 0;
