/**
 * Apple Wallet's web service for the hub's passes (issue #30, decision 029): a phone that holds a
 * card's pass registers for its updates; when the card is published again, the push sweep tells
 * the phone (APNs, an empty notification), the phone asks which of its passes changed and fetches
 * each. The pass's own token (an HMAC of its serial, wallet-keys.ts) authorises the calls about
 * one pass; the device library identifier, a secret of the phone, the call that lists its passes.
 */
import { timingSafeEqual } from 'node:crypto';
import { connect } from 'node:http2';
import { MAX_WALLET_REGISTRATIONS, WALLET_MESSAGES } from '@profilehub/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { LIMITS } from '../../http/rate-limit.ts';
import {
  deleteRegistration,
  deleteRegistrations,
  markPushed,
  publishedVersion,
  registrationCount,
  registrationsToPush,
  updatedForDevice,
  upsertRegistration,
} from './wallet.queries.ts';
import { type AppleWalletKeys, profileOfSerial, type WalletKeys, walletSerial } from './wallet-keys.ts';

export type WalletEnv = Pick<Deps, 'db' | 'limiter'> & { wallet: WalletKeys };
/** The current `.pkpass` of a published card (public-pages/card-files.ts builds and keeps it). */
export type PassOf = (profileId: number, etag: string) => Promise<Buffer | null>;

const notAuthorized = () => new AppError(401, 'unauthorized', WALLET_MESSAGES.notAuthorized);

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The card a call names, when the call carries that pass's token (`Authorization: ApplePass {token}`).
 * Another pass type, a serial the hub never gave or a wrong token: 401, the same for each.
 */
async function authorisedCard(env: WalletEnv, ip: string, passTypeId: string, serial: string, authorization: string | undefined): Promise<number> {
  await env.limiter.hit(LIMITS.walletPerIp, ip);
  const apple = env.wallet.apple;
  const profileId = profileOfSerial(serial);
  const token = /^ApplePass (\S+)$/.exec(authorization ?? '')?.[1];
  if (!apple || passTypeId !== apple.passTypeId || profileId === null || !token || !sameToken(token, env.wallet.passToken(serial))) throw notAuthorized();
  return profileId;
}

/** POST …/devices/{device}/registrations/{passType}/{serial}: 201 new, 200 known (its push token renewed). */
export async function registerDevice(
  env: WalletEnv,
  ip: string,
  p: { deviceLibraryIdentifier: string; passTypeIdentifier: string; serialNumber: string },
  pushToken: string,
  authorization: string | undefined,
): Promise<201 | 200> {
  const profileId = await authorisedCard(env, ip, p.passTypeIdentifier, p.serialNumber, authorization);
  if (!(await publishedVersion(env.db, profileId))) throw notFound(WALLET_MESSAGES.unknownPass);
  if ((await registrationCount(env.db, profileId)) >= MAX_WALLET_REGISTRATIONS) throw new AppError(429, 'rate_limited', WALLET_MESSAGES.tooManyPhones);
  return (await upsertRegistration(env.db, { deviceLibraryId: p.deviceLibraryIdentifier, profileId, pushToken })) ? 201 : 200;
}

/** DELETE …/devices/{device}/registrations/{passType}/{serial}: the phone removed the pass. */
export async function unregisterDevice(
  env: WalletEnv,
  ip: string,
  p: { deviceLibraryIdentifier: string; passTypeIdentifier: string; serialNumber: string },
  authorization: string | undefined,
): Promise<void> {
  const profileId = await authorisedCard(env, ip, p.passTypeIdentifier, p.serialNumber, authorization);
  await deleteRegistration(env.db, p.deviceLibraryIdentifier, profileId);
}

/**
 * GET …/devices/{device}/registrations/{passType}?passesUpdatedSince={tag}: the serials of the
 * phone's cards published after the tag (the tag is the newest publish it was told of, in ms), or
 * null (204) when none.
 */
export async function updatedPasses(
  env: WalletEnv,
  ip: string,
  p: { deviceLibraryIdentifier: string; passTypeIdentifier: string },
  since: string | undefined,
): Promise<{ serialNumbers: string[]; lastUpdated: string } | null> {
  await env.limiter.hit(LIMITS.walletPerIp, ip);
  if (!env.wallet.apple || p.passTypeIdentifier !== env.wallet.apple.passTypeId) return null;
  const rows = await updatedForDevice(env.db, p.deviceLibraryIdentifier, since ? new Date(Number(since)) : null);
  if (!rows.length) return null;
  const newest = Math.max(...rows.map((r) => new Date(r.publishedAt).getTime()));
  return { serialNumbers: rows.map((r) => walletSerial(r.profileId)), lastUpdated: String(newest) };
}

/** GET …/passes/{passType}/{serial}: the card's pass as published now; 304 when the phone has it. */
export async function latestPass(
  env: WalletEnv,
  passOf: PassOf,
  ip: string,
  p: { passTypeIdentifier: string; serialNumber: string },
  authorization: string | undefined,
  ifModifiedSince: string | undefined,
): Promise<{ body: Buffer; lastModified: Date } | { notModified: true }> {
  const profileId = await authorisedCard(env, ip, p.passTypeIdentifier, p.serialNumber, authorization);
  const version = await publishedVersion(env.db, profileId);
  if (!version) throw notFound(WALLET_MESSAGES.unknownPass);
  // HTTP dates have whole seconds: the phone's copy is current when it is of this second or later.
  const seconds = Math.floor(version.publishedAt.getTime() / 1000);
  const since = ifModifiedSince ? Date.parse(ifModifiedSince) : Number.NaN;
  if (!Number.isNaN(since) && Math.floor(since / 1000) >= seconds) return { notModified: true };
  const body = await passOf(profileId, version.etag);
  if (!body) throw notFound(WALLET_MESSAGES.unknownPass);
  return { body, lastModified: new Date(seconds * 1000) };
}

/** POST …/log: Wallet's messages about the hub's web service, shortened, for the operator at debug level (a phone's words are never trusted). */
export async function walletLog(env: WalletEnv, ip: string, logs: string[], log: FastifyBaseLogger): Promise<void> {
  await env.limiter.hit(LIMITS.walletPerIp, ip);
  log.debug({ walletLog: logs.map((l) => l.slice(0, 300)) }, 'wallet web service log');
}

/** Registrations the push sweep handles in one run; the next run (a minute later) takes the rest. */
const PUSH_BATCH = 500;

export type PushResult = { pushed: number; dropped: number; failed: number };

/** One empty notification to one phone over an open APNs connection: its HTTP status, or 0 when it did not get through. */
function pushOne(session: ReturnType<typeof connect>, topic: string, token: string): Promise<number> {
  return new Promise((resolve) => {
    const req = session.request({ ':method': 'POST', ':path': `/3/device/${token}`, 'apns-topic': topic, 'content-type': 'application/json' });
    req.setTimeout(10_000, () => req.close());
    req.on('response', (headers) => resolve(Number(headers[':status'] ?? 0)));
    req.on('error', () => resolve(0));
    req.on('close', () => resolve(0));
    req.resume();
    req.end('{}');
  });
}

/**
 * The push sweep (each minute, on one copy): every phone whose card was published since it was
 * last told gets an empty notification, authenticated with the pass certificate, on the card's
 * pass type topic. A token APNs no longer knows (410, or 400 BadDeviceToken) is removed; one that
 * did not get through stays, to be tried at the next run. `ca` trusts a test APNs only.
 */
export async function pushPassUpdates(o: { db: Db; apple: AppleWalletKeys; log: FastifyBaseLogger; ca?: string }): Promise<PushResult> {
  const due = await registrationsToPush(o.db, PUSH_BATCH);
  const result: PushResult = { pushed: 0, dropped: 0, failed: 0 };
  if (!due.length) return result;
  const session = connect(o.apple.apnsUrl, {
    cert: o.apple.signerCert,
    key: o.apple.signerKey,
    ...(o.apple.signerKeyPassphrase ? { passphrase: o.apple.signerKeyPassphrase } : {}),
    ...(o.ca ? { ca: o.ca } : {}),
  });
  session.on('error', (err) => o.log.warn({ err: err.message }, 'wallet push connection failed'));
  try {
    const statuses = await Promise.all(due.map((r) => pushOne(session, o.apple.passTypeId, r.pushToken)));
    const byPublish = new Map<number, number[]>();
    const gone: number[] = [];
    due.forEach((r, i) => {
      const status = statuses[i]!;
      if (status === 200) {
        result.pushed += 1;
        const at = new Date(r.publishedAt!).getTime();
        byPublish.set(at, [...(byPublish.get(at) ?? []), r.id]);
      } else if (status === 410 || status === 400) {
        result.dropped += 1;
        gone.push(r.id);
      } else result.failed += 1;
    });
    for (const [at, ids] of byPublish) await markPushed(o.db, ids, new Date(at));
    await deleteRegistrations(o.db, gone);
  } finally {
    session.close();
  }
  if (result.failed) o.log.warn(result, 'wallet pass updates not all pushed; the rest are tried again next minute');
  return result;
}
