/**
 * The wallet keys of this install (issue #30, docs/wallet.md), read once at start-up from the
 * files the configuration names. A file that is missing or does not hold what it should stops
 * the start with a message naming its setting, never a broken pass at a visitor's tap.
 */
import { createHmac, createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Config, ConfigError } from '../../config.ts';

export type AppleWalletKeys = {
  passTypeId: string;
  teamId: string;
  /** PEM texts, as the pass signer and the push client take them. */
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase: string | undefined;
  wwdr: string;
  apnsUrl: string;
};

export type GoogleWalletKeys = { issuerId: string; clientEmail: string; privateKey: KeyObject };

export type WalletKeys = {
  apple: AppleWalletKeys | null;
  google: GoogleWalletKeys | null;
  /**
   * A pass's authentication token (Apple's web service sends it back with each call): an HMAC of
   * its serial number under the server secret, so nothing is stored and no token is guessable.
   */
  passToken(serial: string): string;
};

function read(setting: string, path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  ${setting}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

function certificate(setting: string, path: string): string {
  const pem = read(setting, path);
  try {
    new X509Certificate(pem);
  } catch {
    throw new ConfigError(`Invalid configuration:\n  ${setting}: ${path} holds no PEM certificate`);
  }
  return pem;
}

function appleKeys(config: Config): AppleWalletKeys | null {
  const { APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, APPLE_PASS_CERT_FILE, APPLE_PASS_KEY_FILE, APPLE_WWDR_CERT_FILE } = config;
  if (!APPLE_PASS_TYPE_ID || !APPLE_TEAM_ID || !APPLE_PASS_CERT_FILE || !APPLE_PASS_KEY_FILE || !APPLE_WWDR_CERT_FILE) return null;
  const signerKey = read('APPLE_PASS_KEY_FILE', APPLE_PASS_KEY_FILE);
  try {
    createPrivateKey({ key: signerKey, ...(config.APPLE_PASS_KEY_PASSPHRASE ? { passphrase: config.APPLE_PASS_KEY_PASSPHRASE } : {}) });
  } catch {
    throw new ConfigError(
      `Invalid configuration:\n  APPLE_PASS_KEY_FILE: ${APPLE_PASS_KEY_FILE} holds no PEM private key that opens${config.APPLE_PASS_KEY_PASSPHRASE ? ' with APPLE_PASS_KEY_PASSPHRASE' : ' (is it encrypted? set APPLE_PASS_KEY_PASSPHRASE)'}`,
    );
  }
  return {
    passTypeId: APPLE_PASS_TYPE_ID,
    teamId: APPLE_TEAM_ID,
    signerCert: certificate('APPLE_PASS_CERT_FILE', APPLE_PASS_CERT_FILE),
    signerKey,
    signerKeyPassphrase: config.APPLE_PASS_KEY_PASSPHRASE,
    wwdr: certificate('APPLE_WWDR_CERT_FILE', APPLE_WWDR_CERT_FILE),
    apnsUrl: config.APPLE_APNS_URL,
  };
}

function googleKeys(config: Config): GoogleWalletKeys | null {
  const { GOOGLE_WALLET_ISSUER_ID, GOOGLE_WALLET_KEY_FILE } = config;
  if (!GOOGLE_WALLET_ISSUER_ID || !GOOGLE_WALLET_KEY_FILE) return null;
  const refused = (why: string) => new ConfigError(`Invalid configuration:\n  GOOGLE_WALLET_KEY_FILE: ${GOOGLE_WALLET_KEY_FILE} ${why}`);
  let key: { client_email?: unknown; private_key?: unknown };
  try {
    key = JSON.parse(read('GOOGLE_WALLET_KEY_FILE', GOOGLE_WALLET_KEY_FILE));
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    throw refused('is not a service account JSON key');
  }
  if (typeof key.client_email !== 'string' || typeof key.private_key !== 'string') throw refused('has no client_email and private_key');
  try {
    return { issuerId: GOOGLE_WALLET_ISSUER_ID, clientEmail: key.client_email, privateKey: createPrivateKey(key.private_key) };
  } catch {
    throw refused('holds a private_key that is not a PEM key');
  }
}

export function loadWalletKeys(config: Config, serverSecret: string): WalletKeys {
  const tokenKey = createHmac('sha256', serverSecret).update('wallet-pass-token').digest();
  return {
    apple: appleKeys(config),
    google: googleKeys(config),
    passToken: (serial) => createHmac('sha256', tokenKey).update(serial).digest('base64url'),
  };
}

/** A card's serial number in either wallet: the profile's id, letter-prefixed (Google's object ids take letters, digits, `.`, `_`, `-`). */
export const walletSerial = (profileId: number) => `p${profileId}`;
/** The profile id of a serial number, or null for one the hub never gave. */
export function profileOfSerial(serial: string): number | null {
  const m = /^p([1-9][0-9]{0,9})$/.exec(serial);
  return m ? Number(m[1]) : null;
}
