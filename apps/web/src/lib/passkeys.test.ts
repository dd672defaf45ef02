import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cancelPasskeyRequest, getPasskey, passkeyAutofillAvailable, passkeysSupported } from './passkeys.ts';

const OPTIONS: PublicKeyCredentialRequestOptionsJSON = {
  challenge: 'Y2hhbGxlbmdl',
  rpId: 'hub.test',
  allowCredentials: [{ id: 'AQID', type: 'public-key' }],
  userVerification: 'preferred',
};
const ANSWER: AuthenticationResponseJSON = {
  id: 'AQID',
  rawId: 'AQID',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
};
const bytes = (b64url: string) => Uint8Array.from(atob(b64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;

/** A browser's PublicKeyCredential: with WebAuthn Level 3's JSON methods (`level3`) or without them. */
function stubBrowser({ level3 }: { level3: boolean }) {
  class Credential {
    id = ANSWER.id;
    rawId = bytes(ANSWER.rawId);
    type = 'public-key';
    authenticatorAttachment = null;
    response = { clientDataJSON: bytes('e30'), authenticatorData: bytes('AA'), signature: bytes('AA'), userHandle: null };
    getClientExtensionResults() {
      return {};
    }
    static isConditionalMediationAvailable = async () => true;
  }
  if (level3) {
    Object.assign(Credential, { parseRequestOptionsFromJSON: (json: PublicKeyCredentialRequestOptionsJSON) => ({ ...json, parsed: true }) });
    Object.assign(Credential.prototype, { toJSON: () => ANSWER });
  }
  const requests: { options: CredentialRequestOptions; settle: (c: Credential | null) => void }[] = [];
  const get = vi.fn(
    (options: CredentialRequestOptions) =>
      new Promise<Credential | null>((resolve, reject) => {
        options.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        requests.push({ options, settle: resolve });
      }),
  );
  vi.stubGlobal('PublicKeyCredential', Credential);
  Object.defineProperty(navigator, 'credentials', { value: { get }, configurable: true });
  return { requests, get, Credential };
}

afterEach(() => cancelPasskeyRequest());

describe('asking the browser for a passkey', () => {
  it('says no passkeys and no autofill where the browser has no WebAuthn', async () => {
    expect(passkeysSupported()).toBe(false);
    expect(await passkeyAutofillAvailable()).toBe(false);
  });

  it('uses the browser’s own JSON conversion; the autofill names no passkey and is conditional', async () => {
    const browser = stubBrowser({ level3: true });
    expect(passkeysSupported()).toBe(true);
    expect(await passkeyAutofillAvailable()).toBe(true);
    const answer = getPasskey(OPTIONS, { autofill: true });
    await vi.waitFor(() => expect(browser.requests).toHaveLength(1));
    const [request] = browser.requests;
    expect(request!.options.mediation).toBe('conditional');
    expect(request!.options.publicKey).toMatchObject({ parsed: true, challenge: OPTIONS.challenge, allowCredentials: [] });
    request!.settle(new browser.Credential());
    expect(await answer).toEqual(ANSWER);
  });

  it('one request at a time: the button’s request cancels the autofill’s still open', async () => {
    const browser = stubBrowser({ level3: true });
    const autofill = getPasskey(OPTIONS, { autofill: true });
    await vi.waitFor(() => expect(browser.requests).toHaveLength(1));
    const button = getPasskey(OPTIONS);
    await expect(autofill).rejects.toMatchObject({ name: 'AbortError' });
    await vi.waitFor(() => expect(browser.requests).toHaveLength(2));
    expect(browser.requests[1]!.options.mediation).toBeUndefined();
    expect(browser.requests[1]!.options.publicKey).toMatchObject({ allowCredentials: OPTIONS.allowCredentials });
    browser.requests[1]!.settle(new browser.Credential());
    expect(await button).toEqual(ANSWER);
  });

  it('a closed prompt (no credential) is the browser’s refusal', async () => {
    const browser = stubBrowser({ level3: true });
    const answer = getPasskey(OPTIONS);
    await vi.waitFor(() => expect(browser.requests).toHaveLength(1));
    browser.requests[0]!.settle(null);
    await expect(answer).rejects.toMatchObject({ name: 'NotAllowedError' });
  });

  it('an older browser without the JSON methods gets the same answer through @simplewebauthn/browser', async () => {
    const browser = stubBrowser({ level3: false });
    const answer = getPasskey(OPTIONS);
    await vi.waitFor(() => expect(browser.requests).toHaveLength(1));
    const publicKey = browser.requests[0]!.options.publicKey!;
    expect(new Uint8Array(publicKey.challenge as ArrayBuffer)).toEqual(new Uint8Array(bytes(OPTIONS.challenge)));
    browser.requests[0]!.settle(new browser.Credential());
    expect(await answer).toMatchObject({ id: ANSWER.id, rawId: ANSWER.rawId, type: 'public-key', response: { clientDataJSON: 'e30' } });
  });
});
