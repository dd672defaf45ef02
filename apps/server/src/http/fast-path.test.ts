import { once } from 'node:events';
import type http from 'node:http';
import net from 'node:net';
import type { FastifyServerFactory } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { FastPath } from './fast-path.ts';

/** A server made as Fastify makes it through the fast path, answering every request (with 204 unless told). */
async function listening(answer: http.RequestListener = (_req, res) => fastPath.send(res, 204, {})): Promise<http.Server> {
  fastPath = new FastPath(false);
  const factory = fastPath.serverFactory as (handler: http.RequestListener, options: object) => ReturnType<FastifyServerFactory>;
  const server = factory(answer, {}) as http.Server;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

/** A raw connection the server has accepted (its 'connection' event has fired). */
async function accepted(server: http.Server): Promise<net.Socket> {
  const seen = once(server, 'connection');
  const socket = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
  await Promise.all([once(socket, 'connect'), seen]);
  return socket;
}

/** Everything a connection receives until the server ends it, or the error that cut it. */
function untilEnd(socket: net.Socket): Promise<{ answer: string; error?: string }> {
  let answer = '';
  socket.on('data', (c: Buffer) => {
    answer += c.toString();
  });
  return new Promise((resolve) => {
    socket.once('error', (err: NodeJS.ErrnoException) => resolve({ answer, error: err.code }));
    socket.once('close', () => resolve({ answer }));
  });
}

const REQUEST = 'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n';
let fastPath: FastPath;
let server: http.Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
});

describe('closing the server', () => {
  it('an answer that has ended but is still being written when the listener closes reaches its client whole', async () => {
    const body = Buffer.alloc(8 * 1024 * 1024, 'x');
    server = await listening((_req, res) => fastPath.send(res, 200, { 'content-length': body.length }, body));
    const socket = await accepted(server);
    socket.pause(); // the client reads nothing yet: the answer waits in the server's queue
    const answered = once(server, 'request'); // heard after the handler has ended its answer
    socket.write(REQUEST);
    const [, res] = (await answered) as [http.IncomingMessage, http.ServerResponse];
    expect(res.writableEnded).toBe(true); // ended, as far as Node's close is concerned
    expect(res.writableFinished).toBe(false); // but not yet written out
    const closed = once(server, 'close');
    fastPath.close();
    server.close();
    const ended = untilEnd(socket);
    socket.resume();
    const { answer, error } = await ended;
    expect(error).toBeUndefined();
    expect(answer.length).toBeGreaterThan(body.length);
    await closed;
  });

  it('a connection accepted before the listener closes gets its first request answered', async () => {
    server = await listening();
    const socket = await accepted(server);
    const closed = once(server, 'close');
    fastPath.close(); // as the app does before closing: every answer now ends its connection
    server.close();
    const ended = untilEnd(socket);
    socket.write(REQUEST);
    expect(await ended).toEqual({ answer: expect.stringMatching(/^HTTP\/1\.1 204 /) });
    await closed;
  });

  it('a kept-alive connection open when the listener closes carries one more request, answered with Connection: close', async () => {
    server = await listening();
    const socket = await accepted(server);
    let answer = '';
    socket.on('data', (c: Buffer) => {
      answer += c.toString();
    });
    socket.write(REQUEST);
    while (!answer.includes('\r\n\r\n')) await once(socket, 'data');
    const closed = once(server, 'close');
    fastPath.close();
    server.close();
    const ended = untilEnd(socket);
    socket.write(REQUEST); // the client's next request, sent as the server closes
    const { error } = await ended;
    expect(error).toBeUndefined();
    expect(answer.match(/HTTP\/1\.1 204 /g)).toHaveLength(2);
    expect(answer.split('\r\n\r\n')[1]).toMatch(/connection: close/i);
    await closed;
  });

  it('a connection that sends nothing more after the listener closes is closed, and the server with it', async () => {
    server = await listening();
    const socket = await accepted(server);
    const closed = once(server, 'close');
    fastPath.close();
    server.close();
    expect(await untilEnd(socket)).toEqual({ answer: '' });
    await closed;
  });

  it('settling: answers keep their connections until no new connection has come for a while, then close them again', async () => {
    server = await listening();
    await accepted(server); // a connection that has just come
    fastPath.close();
    const settled = fastPath.settle(50, 5000);
    expect(fastPath.closesConnections).toBe(false);
    await settled;
    expect(fastPath.closesConnections).toBe(true);
  });
});
