import type { onSendAsyncHookHandler } from 'fastify';

/** How long a refused body is still read after its 413, at most. */
const LINGER_MS = 30_000;
/** A body declared longer than this is not waited for: the connection closes at once, as before. */
const LINGER_MAX_BYTES = 100 * 1024 * 1024;

/**
 * An onSend hook: a 413 sent while the body is still arriving keeps the connection and lets
 * Node read the rest and drop it (nginx's "lingering close"), for at most LINGER_MS.
 * Fastify asks to close at once; closing a socket with unread bytes makes the kernel answer
 * with a reset, and a client still sending — most send the whole body before they read —
 * then sees a broken connection instead of the 413. Register it before any hook that must
 * close the connection (a closing server).
 */
export const hearRefusedBodies: onSendAsyncHookHandler = async (req, reply) => {
  if (reply.statusCode !== 413 || req.raw.complete) return;
  if (Number(req.headers['content-length'] ?? 0) > LINGER_MAX_BYTES) return;
  reply.removeHeader('connection');
  setTimeout(() => {
    // An injected request (tests) has a socket without destroy().
    if (!req.raw.complete) req.raw.socket?.destroy?.();
  }, LINGER_MS).unref();
};
