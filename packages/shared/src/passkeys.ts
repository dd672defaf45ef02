/** Texts of passkeys and the second factor (Settings → Passkeys, the sign-in page). */
export const PASSKEY_MESSAGES = {
  added: 'Passkey added. You can now sign in with it.',
  removed: 'Passkey removed.',
  renamed: 'Passkey renamed.',
  notFound: 'That passkey was not found.',
  registrationFailed: 'The passkey could not be added. Please try again.',
  signInFailed: 'That passkey could not sign you in. Try another way to sign in.',
  unknownPasskey: 'This passkey is not known to this hub. It may have been removed; sign in another way.',
  challengeExpired: 'The passkey request expired or was already used. Please try again.',
  clonedAuthenticator: 'This passkey was refused: its authenticator looks copied. Sign in another way and remove it.',
  wrongHost: 'Passkeys work only on the hub address itself.',
  alreadyRegistered: 'This passkey is already added.',
  secondFactorOn: 'Signing in now needs a passkey or an emailed code after your password.',
  secondFactorOff: 'Your password alone signs you in again.',
  secondFactorNeedsMethod: 'Add a passkey or confirm your email before requiring a second step.',
  secondFactorExpired: 'Your sign-in took too long. Please enter your password again.',
  secondFactorCodeSent: 'We emailed you a 4-digit code.',
  cancelled: 'The passkey request was cancelled.',
} as const;

/** The value of `users.second_factor` that asks for a passkey or an emailed code after the password. */
export const SECOND_FACTOR = 'passkey_or_code';
