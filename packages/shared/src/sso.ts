/** Company single sign-on (issue #28): the texts a person reads. */
export const SSO_MESSAGES = {
  /** Password, emailed code, registration or reset asked for an email whose division requires SSO. */
  required: 'Your company signs you in with single sign-on: use Continue with SSO.',
  continueWithSso: 'Continue with SSO',
  signInFailed: 'Single sign-on did not sign you in. Please try again, or ask your administrator.',
  notAvailable: 'Single sign-on is not set up for this email address.',
  domainTaken: 'Another division already signs in this email domain with single sign-on.',
  issuerUnreachable: 'The identity provider could not be reached, or is not an OpenID Connect provider at this address.',
  issuerNotHttps: 'The issuer must be an https:// address.',
  issuerPrivate: 'The issuer points to a private or local network address, which the hub does not call.',
  secretRequired: 'Enter the client secret.',
  clientIdRequired: 'Enter the client ID.',
  samlMetadataRequired: "Enter the identity provider's metadata URL, or paste its metadata XML.",
  samlMetadataUrlInvalid: 'Enter the metadata URL as an https:// address.',
  samlMetadataUnreachable: 'The metadata URL could not be read, or does not hold SAML identity provider metadata.',
  samlMetadataInvalid: 'The metadata is not SAML 2.0 identity provider metadata with an entity ID, a redirect-binding sign-in URL and a signing certificate.',
  domainsRequired: 'Enter at least one email domain.',
  domainInvalid: 'Enter email domains like example.com.',
  noTemplate: 'This division has no template for new people yet; ask your administrator.',
} as const;

/** Lower-cases an email domain and drops a leading @ ("@Example.COM" → "example.com"). */
export function cleanEmailDomain(raw: string): string {
  return raw.trim().replace(/^@/, '').toLowerCase();
}

export const EMAIL_DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
