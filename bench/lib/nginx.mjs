// The physical-limit anchor of bench/public-page.mjs: Debian's nginx (one worker, no access
// log) serving the published page's pre-compressed bytes from disk with the app's own headers,
// and 204 to POST /api/events. What a static server does on this machine, in the same run.
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { freePort, HOST, spawnTracked, stopProcess, tempDir } from './common.mjs';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** Headers nginx sets itself, or that describe the connection rather than the page. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'content-type', 'server']);

/** A header value as an nginx string: double-quoted, quotes and backslashes escaped; `$` would start a variable. */
function quoted(value) {
  if (String(value).includes('$')) throw new Error(`an nginx anchor header cannot carry "$": ${value}`);
  return `"${String(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

function config({ dir, port, pagePath, headers }) {
  const addHeaders = Object.entries(headers)
    .filter(([name]) => !OWN_HEADERS.has(name))
    .map(([name, value]) => `      add_header ${name} ${quoted(value)};`)
    .join('\n');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${path.join(dir, `${t}-temp`)};`).join('\n');
  return `worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  server_tokens off;
  keepalive_requests 10000000;
${temp}
  server {
    listen ${HOST}:${port};
    location = ${pagePath} {
      types { }
      default_type ${quoted(headers['content-type'] ?? 'text/html; charset=utf-8')};
      etag off;
      alias ${path.join(dir, 'page.body')};
${addHeaders}
    }
    location = /api/events {
      return 204;
    }
  }
}
`;
}

async function listening(port, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await new Promise((resolve) => {
      const s = net.connect(port, HOST, () => resolve(s.end() && true)).on('error', () => resolve(false));
    });
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** Starts nginx on a free port serving `body` (already compressed) at `pagePath` with `headers`; null when nginx is not installed. */
export async function startNginx({ pagePath, headers, body }) {
  if (!existsSync(NGINX)) return null;
  const dir = tempDir('nginx');
  mkdirSync(path.join(dir, 'logs'), { recursive: true });
  writeFileSync(path.join(dir, 'page.body'), body, { mode: 0o644 });
  // nginx's worker runs as an unprivileged user (www-data): it must be able to reach the file.
  chmodSync(dir, 0o755);
  const port = await freePort();
  writeFileSync(path.join(dir, 'nginx.conf'), config({ dir, port, pagePath, headers }));
  const child = spawnTracked(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', 'stderr', '-g', 'daemon off;']);
  if (!(await listening(port))) {
    await stopProcess(child);
    throw new Error(`nginx did not start:\n${child.outputTail()}`);
  }
  return { port, stop: () => stopProcess(child, { signal: 'SIGQUIT' }) };
}
