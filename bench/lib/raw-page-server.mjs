// The baseline of bench/public-page.mjs: bare `node:http` on 127.0.0.1:<argv[2]>, answering
// 204 to every POST once its body is read (the event beacon), and to GET:
// - one page: <argv[3]> is a JSON file { headers, bodyBase64 } (the published page exactly as
//   the app sent it, compressed), sent to every GET;
// - many pages: <argv[3]> is a JSON file { common, pages: [[key, headers, offset, length], …] }
//   and <argv[4]> the file of their bodies end to end; a GET gets the page whose key is its
//   Host without the port followed by its path (`ent-0001.localhost/jane-doe`), with the common
//   headers and its own (the ETag), and 404 when there is none.
// Prints "ready".
import { readFileSync } from 'node:fs';
import http from 'node:http';

const port = Number(process.argv[2]);
const spec = JSON.parse(readFileSync(process.argv[3], 'utf8'));

/** The answer to a GET: one held page for every request, or the page of its host and path. */
let pageOf;
if (spec.pages) {
  const bodies = readFileSync(process.argv[4]);
  const pages = new Map();
  for (const [key, own, offset, length] of spec.pages) {
    const body = bodies.subarray(offset, offset + length);
    pages.set(key, { headers: { ...spec.common, ...own, 'content-length': body.length }, body });
  }
  pageOf = (req) => pages.get(`${(req.headers.host ?? '').replace(/:\d+$/, '')}${req.url}`);
} else {
  const body = Buffer.from(spec.bodyBase64, 'base64');
  const page = { headers: { ...spec.headers, 'content-length': body.length }, body };
  pageOf = () => page;
}

const server = http.createServer((req, res) => {
  if (req.method === 'POST') {
    req.resume();
    req.on('end', () => {
      res.writeHead(204);
      res.end();
    });
    return;
  }
  const page = pageOf(req);
  if (!page) {
    res.writeHead(404);
    res.end();
    return;
  }
  res.writeHead(200, page.headers);
  res.end(page.body);
});
server.listen(port, '127.0.0.1', () => console.log('ready'));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
