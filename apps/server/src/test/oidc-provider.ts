import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
// @ts-expect-error -- oidc-provider 9 ships no type declarations; the few members used here are typed below.
import OidcProviderModule from 'oidc-provider';

/**
 * A real OpenID provider for tests: oidc-provider 9 listening on 127.0.0.1 on a
 * random port, with the development login and consent pages, an in-memory
 * account map the test controls, and claims placed in the id token (as Google does).
 */

/** What the provider says about one account; the map key is the login name and the subject. */
/** An account's claims; leave `email_verified` out (and set `xms_edov`) to answer like Microsoft Entra ID. */
type TestAccountClaims = { email: string; email_verified?: boolean; xms_edov?: boolean; name: string };

type TestClient = { clientId: string; clientSecret: string; redirectUri: string };

type ProviderInstance = {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
};
type ProviderCtor = new (issuer: string, configuration: Record<string, unknown>) => ProviderInstance;
const Provider = OidcProviderModule as unknown as ProviderCtor;

export type TestOidcProvider = {
  issuer: string;
  /** The client our app is configured with. */
  client: TestClient;
  /** A second, unrelated client of the same provider (tokens with another audience). */
  otherClient: TestClient;
  /** Login name (= subject) → claims; edit it between steps to change what the provider says. */
  accounts: Map<string, TestAccountClaims>;
  /** The provider's public signing key id (a forged token can claim it). */
  kid: string;
  /** Counts every request the provider answered, by path (e.g. '/token'). */
  hits: Map<string, number>;
  /**
   * Plays the browser at the provider: opens the authorization URL, signs in
   * as `login` on the login page, accepts the consent page, and returns the
   * URL the provider finally redirects to (the client's redirect_uri with code or error).
   */
  authorize(authorizationUrl: string, login: string, opts?: { consent?: 'accept' | 'abort' }): Promise<URL>;
  /** Runs the whole code flow for a client (ours by default) and returns the id token the token endpoint issued. */
  idTokenFor(login: string, opts?: { client?: TestClient; nonce?: string }): Promise<string>;
  close(): Promise<void>;
};

/** A minimal cookie jar for one origin: enough for oidc-provider's session and interaction cookies. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k = '', v = ''] = a.split('=').map((s) => s.trim());
        return (k.toLowerCase() === 'max-age' && Number(v) <= 0) || (k.toLowerCase() === 'expires' && Date.parse(v) <= Date.now());
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** RFC 6749 §2.3.1: id and secret are form-encoded, then joined and base64-encoded. */
const basicAuth = (c: TestClient) => {
  const enc = (v: string) => new URLSearchParams({ v }).toString().slice(2);
  return `Basic ${Buffer.from(`${enc(c.clientId)}:${enc(c.clientSecret)}`).toString('base64')}`;
};

export async function startOidcProvider(opts: { redirectUri: string; clientId?: string; clientSecret?: string }): Promise<TestOidcProvider> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (!handler) {
      res.statusCode = 503;
      res.end();
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const client: TestClient = {
    clientId: opts.clientId ?? 'profilehub-test',
    // Characters that Basic client authentication must form-encode.
    clientSecret: opts.clientSecret ?? `s3cret:+/ %${randomBytes(8).toString('hex')}`,
    redirectUri: opts.redirectUri,
  };
  const otherClient: TestClient = { clientId: 'someone-else', clientSecret: randomBytes(16).toString('hex'), redirectUri: 'http://other.test/callback' };

  const accounts = new Map<string, TestAccountClaims>();
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: `test-${randomBytes(4).toString('hex')}`, alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    clients: [client, otherClient].map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: [c.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    jwks: { keys: [jwk] },
    async findAccount(_ctx: unknown, sub: string) {
      if (!accounts.has(sub)) return undefined;
      return {
        accountId: sub,
        // Read at token time, so a test can change the email between two sign-ins.
        async claims() {
          const a = accounts.get(sub);
          return a ? { sub, ...a } : { sub };
        },
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified', 'xms_edov'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    // Google puts email and name in the id token; without this they would only be at /me.
    conformIdTokenClaims: false,
    // Google supports PKCE; requiring it here proves our app sends it.
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    ttl: { AuthorizationCode: 60, IdToken: 3600, AccessToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
  });
  handler = provider.callback();

  const abs = (location: string, base: string) => new URL(location, base);

  const authorize: TestOidcProvider['authorize'] = async (authorizationUrl, login, { consent = 'accept' } = {}) => {
    const jar = new CookieJar();
    let url = new URL(authorizationUrl);
    for (let step = 0; step < 12; step++) {
      if (url.origin !== issuer) return url; // left the provider: the redirect back to the client
      const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
      jar.store(res);
      if (res.status >= 300 && res.status < 400) {
        url = abs(res.headers.get('location') ?? '', url.toString());
        continue;
      }
      const html = await res.text();
      if (res.status !== 200) throw new Error(`provider answered ${res.status} at ${url.pathname}: ${html.slice(0, 500)}`);
      const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
      const prompt = html.match(/name="prompt" value="([^"]+)"/)?.[1];
      if (!action || !prompt) throw new Error(`no interaction form at ${url.pathname}`);
      const submitUrl = abs(action.replaceAll('&amp;', '&'), url.toString());
      if (prompt === 'consent' && consent === 'abort') {
        url = new URL(`${submitUrl.pathname.replace(/\/$/, '')}/abort`, issuer);
        continue;
      }
      const body = prompt === 'login' ? new URLSearchParams({ prompt, login, password: 'anything' }) : new URLSearchParams({ prompt });
      const posted = await fetch(submitUrl, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      jar.store(posted);
      if (posted.status < 300 || posted.status >= 400)
        throw new Error(`submitting ${prompt} answered ${posted.status}: ${(await posted.text()).slice(0, 500)}`);
      url = abs(posted.headers.get('location') ?? '', submitUrl.toString());
    }
    throw new Error('too many redirects at the provider');
  };

  const idTokenFor: TestOidcProvider['idTokenFor'] = async (login, { client: c = client, nonce = randomBytes(8).toString('hex') } = {}) => {
    const verifier = randomBytes(32).toString('base64url');
    const auth = new URL('/auth', issuer);
    auth.search = new URLSearchParams({
      client_id: c.clientId,
      redirect_uri: c.redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      state: randomBytes(8).toString('hex'),
      nonce,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    const back = await authorize(auth.toString(), login);
    const code = back.searchParams.get('code');
    if (!code) throw new Error(`no code: ${back}`);
    const res = await fetch(new URL('/token', issuer), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicAuth(c) },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: c.redirectUri, code_verifier: verifier }),
    });
    const json = (await res.json()) as { id_token?: string };
    if (!res.ok || !json.id_token) throw new Error(`token endpoint answered ${res.status}: ${JSON.stringify(json)}`);
    return json.id_token;
  };

  return {
    issuer,
    client,
    otherClient,
    accounts,
    kid: jwk.kid,
    hits,
    authorize,
    idTokenFor,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
