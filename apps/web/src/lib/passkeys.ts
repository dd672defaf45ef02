import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

/**
 * Asking the browser for a passkey (WebAuthn `navigator.credentials.get`). Every browser the hub
 * supports in its current version converts the hub's JSON options and its own answer itself
 * (WebAuthn Level 3: `parseRequestOptionsFromJSON`, `toJSON`), so the sign-in page needs no
 * library for it; an older browser loads @simplewebauthn/browser, which does the same by hand,
 * only when it asks. One request at a time, as the browser allows: a new one cancels the one
 * still open (the email field's autofill when the button is pressed).
 */

/** Whether this browser can use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof globalThis.PublicKeyCredential === 'function';
}

/** Whether the browser can offer passkeys in a field's autofill (conditional mediation). */
export async function passkeyAutofillAvailable(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  return (await PublicKeyCredential.isConditionalMediationAvailable?.()) ?? false;
}

type Fallback = typeof import('@simplewebauthn/browser');
let fallback: Fallback | undefined;
let open: AbortController | undefined;

/** Cancels the passkey request still open, if any (leaving the sign-in step ends its autofill request). */
export function cancelPasskeyRequest(): void {
  open?.abort();
  open = undefined;
  fallback?.WebAuthnAbortService.cancelCeremony();
}

/**
 * The browser's prompt (or, with `autofill`, the email field's suggestions) for one of the hub's
 * passkeys: the signed answer to send to the hub. Rejects with the browser's NotAllowedError
 * when the person closes the prompt, AbortError when a newer request took over.
 */
export async function getPasskey(optionsJSON: PublicKeyCredentialRequestOptionsJSON, { autofill = false } = {}): Promise<AuthenticationResponseJSON> {
  const native = globalThis.PublicKeyCredential;
  if (typeof native?.parseRequestOptionsFromJSON !== 'function' || typeof native.prototype.toJSON !== 'function') {
    fallback ??= await import('@simplewebauthn/browser');
    return fallback.startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  }
  cancelPasskeyRequest();
  const request = new AbortController();
  open = request;
  try {
    // Autofill offers every passkey of this site the browser holds, so the request names none.
    const publicKey = native.parseRequestOptionsFromJSON(autofill ? { ...optionsJSON, allowCredentials: [] } : optionsJSON);
    const credential = await navigator.credentials.get({ publicKey, signal: request.signal, ...(autofill ? { mediation: 'conditional' as const } : {}) });
    if (!(credential instanceof PublicKeyCredential)) throw new DOMException('No passkey was chosen.', 'NotAllowedError');
    return credential.toJSON() as AuthenticationResponseJSON;
  } finally {
    if (open === request) open = undefined;
  }
}
