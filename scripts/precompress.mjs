// Writes .br and .gz beside every compressible build file, so the server sends
// compressed bytes without compressing on each request (@fastify/static preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'dist');
const compressible = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
let files = 0;
function walk(d) {
  for (const entry of readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, entry.name);
    if (entry.isDirectory()) walk(p);
    else if (compressible.test(entry.name) && statSync(p).size > 512) {
      const body = readFileSync(p);
      writeFileSync(`${p}.gz`, gzipSync(body, { level: 9 }));
      writeFileSync(`${p}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      files++;
    }
  }
}
walk(dir);
console.log(`precompressed ${files} files in ${path.relative(process.cwd(), dir) || '.'}`);
