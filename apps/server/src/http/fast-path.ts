import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import { errorReply } from './errors.ts';

/**
 * A route taken before Fastify: it answers the request in full and returns true, or returns
 * false having touched nothing (not even the body), and Fastify answers it as usual. A route
 * that took a request without a body may still hand it on later with `fastify(req, res)`.
 */
export type FastRoute = (req: IncomingMessage, res: ServerResponse, fastify: RequestListener) => boolean;

/**
 * The two requests every visit makes — the public page and its view beacon — answered
 * before Fastify's general machinery (routing, hooks, request and reply objects, a logger
 * per request), which cost more than the work itself (decision 015). A fast route does
 * exactly what its Fastify counterpart does, through the same functions; anything unusual
 * (an unknown host, a missing length, an odd content type) is left to Fastify. While the
 * server closes, every request goes to Fastify, which refuses new ones with 503.
 */
export class FastPath {
  readonly #routes: FastRoute[] = [];
  readonly #trust: ((addr: string, i: number) => boolean) | null;
  #closing = false;
  /** While set, a closing server's answers keep their connections (see `settle`). */
  #holding = false;
  #lastConnectionAt = 0;

  constructor(trustProxy: string[] | false) {
    this.#trust = trustProxy ? proxyAddr.compile(trustProxy) : null;
  }

  add(route: FastRoute): void {
    this.#routes.push(route);
  }

  /** From now on, Fastify answers everything; answers still to be sent close their connection. */
  close(): void {
    this.#closing = true;
  }

  get closing(): boolean {
    return this.#closing;
  }

  /** Whether answers say `Connection: close`: while closing, except while settling. */
  get closesConnections(): boolean {
    return this.#closing && !this.#holding;
  }

  /**
   * Before the listener closes: answers keep their connections until no new connection has come
   * for `quietMs` (at most `maxMs`). Closing a listener resets the connections the kernel has
   * accepted that the server has not taken yet, and a client that reconnects after each
   * `Connection: close` keeps some there; settled on their kept-alive connections, they have none
   * waiting, and each gets one more answer, with `Connection: close`, after the listener has closed.
   */
  async settle(quietMs = 100, maxMs = 1000): Promise<void> {
    this.#holding = true;
    const until = performance.now() + maxMs;
    while (performance.now() < until && performance.now() - this.#lastConnectionAt < quietMs) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    this.#holding = false;
  }

  /** The client's address, by the same rule as Fastify's `request.ip` (X-Forwarded-For only from TRUSTED_PROXIES). */
  clientIp(req: IncomingMessage): string {
    if (!this.#trust) return req.socket.remoteAddress ?? '';
    const addrs = proxyAddr.all(req, this.#trust);
    return addrs[addrs.length - 1] ?? '';
  }

  /** Every request meets the fast routes first. */
  listener(fastify: RequestListener): RequestListener {
    return (req, res) => {
      if (!this.#closing) for (const route of this.#routes) if (route(req, res, fastify)) return;
      fastify(req, res);
    };
  }

  /** Fastify's `serverFactory`: the HTTP server Fastify would make, with the fast routes in front. */
  readonly serverFactory: FastifyServerFactory = (handler, options) => {
    const o = options as {
      http?: http.ServerOptions;
      keepAliveTimeout?: number;
      requestTimeout?: number;
      connectionTimeout?: number;
      maxRequestsPerSocket?: number;
    };
    const server = http.createServer(o.http ?? {}, this.listener(handler as RequestListener));
    // What Fastify sets on a server it makes itself.
    if (o.keepAliveTimeout !== undefined) server.keepAliveTimeout = o.keepAliveTimeout;
    if (o.requestTimeout !== undefined) server.requestTimeout = o.requestTimeout;
    server.setTimeout(o.connectionTimeout ?? 0);
    if (o.maxRequestsPerSocket) server.maxRequestsPerSocket = o.maxRequestsPerSocket;
    server.on('connection', () => {
      this.#lastConnectionAt = performance.now();
    });
    closeConnectionsAfterOneMoreAnswer(server);
    return server;
  };

  /** Sends an answer with fixed headers; a closing server says the connection ends with it. */
  send(res: ServerResponse, status: number, headers: http.OutgoingHttpHeaders, body?: string | Buffer): void {
    if (this.closesConnections) res.setHeader('connection', 'close');
    res.writeHead(status, headers);
    res.end(body);
  }

  /** Sends what `errorReply` makes of a thrown thing, as Fastify's error handler would. */
  sendError(res: ServerResponse, err: unknown, log: FastifyBaseLogger, headers: http.OutgoingHttpHeaders = {}): void {
    if (res.destroyed) return; // the client is gone: no one to tell
    const reply = errorReply(err, log);
    this.send(res, reply.status, { ...reply.headers, ...headers, 'content-type': 'application/json; charset=utf-8' }, JSON.stringify(reply.body));
  }
}

/** The body of a request whose Content-Length is known and small, as text. */
export function readSmallBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
    // A client that goes away mid-body: nothing to answer, nothing left waiting.
    req.on('close', () => {
      if (!req.complete) reject(new Error('the client closed the request before its body arrived'));
    });
  });
}

/** A request's media type without parameters, lower case ("text/plain;charset=UTF-8" → "text/plain"). */
export function mediaType(req: IncomingMessage): string {
  const type = req.headers['content-type'] ?? '';
  const end = type.indexOf(';');
  return (end === -1 ? type : type.slice(0, end)).trim().toLowerCase();
}

/** How long a connection still open when the listener closes has to begin one more request. */
const LAST_REQUEST_GRACE_MS = 1000;

/**
 * Node's `server.close()` (and Fastify's close, with `forceCloseConnections: 'idle'`) destroys
 * every connection whose parser is between requests. That cuts two kinds of connection under a
 * client (ECONNRESET): one whose answer has ended but is still being written (under load it waits
 * in the socket's queue, and the destroy drops it), and a kept-alive one whose client has just
 * sent its next request, not yet read. Here closing destroys nothing at once: each open
 * connection may carry one more request, answered with `Connection: close` (the server is
 * closing), and ends with it; one that begins none within LAST_REQUEST_GRACE_MS of being idle is
 * destroyed.
 */
function closeConnectionsAfterOneMoreAnswer(server: http.Server): void {
  const open = new Set<Socket>();
  const busy = new WeakSet<Socket>();
  let closing = false;
  const closeUnlessUsedSoon = (socket: Socket) => {
    const read = socket.bytesRead;
    setTimeout(() => {
      if (!busy.has(socket) && socket.bytesRead === read) socket.destroy();
    }, LAST_REQUEST_GRACE_MS).unref();
  };
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    busy.add(socket);
    res.once('close', () => {
      busy.delete(socket);
      if (closing && !socket.destroyed) closeUnlessUsedSoon(socket);
    });
  });
  server.closeIdleConnections = () => {
    if (closing) return;
    closing = true;
    for (const socket of open) if (!busy.has(socket)) closeUnlessUsedSoon(socket);
  };
}
