import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey held in memory, for server tests: an ES256 key whose COSE public key goes in the
 * `passkeys` table, and assertions signed as an authenticator signs them (WebAuthn §6.3.3:
 * authenticator data, then the hash of the client data, signed with ECDSA P-256 / SHA-256).
 * Browsers' own ceremonies are proven in Chromium (e2e/tests/passkeys.spec.ts).
 */
export function softPasskey() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const credentialId = randomBytes(16).toString('base64url');
  let counter = 0;
  return {
    credentialId,
    publicKey: coseKey,
    /** An assertion of `challenge` for the relying party and origin, its counter one higher than the last. */
    assert(challenge: string, site: { rpID: string; origin: string }) {
      counter += 1;
      const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin: site.origin, crossOrigin: false }));
      const flags = Buffer.from([0x05]); // user present, user verified
      const count = Buffer.alloc(4);
      count.writeUInt32BE(counter);
      const authData = Buffer.concat([createHash('sha256').update(site.rpID).digest(), flags, count]);
      const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientData).digest()]), privateKey);
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: clientData.toString('base64url'),
          authenticatorData: authData.toString('base64url'),
          signature: signature.toString('base64url'),
        },
      };
    },
  };
}
