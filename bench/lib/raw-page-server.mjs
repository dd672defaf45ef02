// The baseline of bench/public-page.mjs: bare `node:http` on 127.0.0.1:<argv[2]> serving
// the bytes in <argv[3]> (a JSON file { headers, bodyBase64 }: the published page exactly
// as the app sent it, compressed) to every GET, and 204 to every POST once its body is
// read (the event beacon). Prints "ready".
import { readFileSync } from 'node:fs';
import http from 'node:http';

const port = Number(process.argv[2]);
const { headers, bodyBase64 } = JSON.parse(readFileSync(process.argv[3], 'utf8'));
const body = Buffer.from(bodyBase64, 'base64');
const pageHeaders = { ...headers, 'content-length': body.length };

const server = http.createServer((req, res) => {
  if (req.method === 'POST') {
    req.resume();
    req.on('end', () => {
      res.writeHead(204);
      res.end();
    });
    return;
  }
  res.writeHead(200, pageHeaders);
  res.end(body);
});
server.listen(port, '127.0.0.1', () => console.log('ready'));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
