// The baseline of bench/auth-throughput.mjs: bare `node:http` answering a small JSON
// (the same body GET /api/jwts/verify returns) on 127.0.0.1:<argv[2]>. Prints "ready".
import http from 'node:http';

const port = Number(process.argv[2]);
const body = JSON.stringify({ valid: true, userId: 3 });
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(port, '127.0.0.1', () => console.log('ready'));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
