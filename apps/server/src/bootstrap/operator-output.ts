import type { StartupReport } from './startup.ts';

/**
 * What a start prints for the person running it (to the console, never through the
 * request log): the demo sign-ins, or how an empty install gets its first superadmin.
 * The setup token is printed only by the process that made it, and only here.
 */
export function printStartupReport(config: { PUBLIC_URL: string; PUBLIC_DOMAIN: string }, report: StartupReport): void {
  const url = config.PUBLIC_URL;
  if (report.setup.token) {
    console.log(
      [
        '',
        '  This hub has no administrator yet. Open this one-time link to create the first',
        '  superadmin and division (it works once, and is not shown again):',
        '',
        `    ${url}/setup#token=${report.setup.token}`,
        '',
        '  Lost it? `npm run admin:setup-link` makes a new one (the old one then stops working),',
        '  and `npm run admin:create -- --email you@example.com` creates a superadmin directly.',
        '',
      ].join('\n'),
    );
  } else if (report.setup.pending) {
    console.log(
      [
        '',
        `  This hub has no administrator yet: open the setup link printed when it was first started (${url}/setup#token=…).`,
        '  Lost it? `npm run admin:setup-link` makes a new one; `npm run admin:create -- --email you@example.com` creates a superadmin directly.',
        '',
      ].join('\n'),
    );
  }
  if (report.seed) printSignIns(url, report.seed, demoCardUrl(url, config.PUBLIC_DOMAIN));
}

/** Jane's card, which the seed publishes, at Acme's subdomain of the public domain. */
function demoCardUrl(publicUrl: string, publicDomain: string): string {
  const hub = new URL(publicUrl);
  return `${hub.protocol}//acme.${publicDomain}${hub.port ? `:${hub.port}` : ''}/jane-doe`;
}

function printSignIns(url: string, report: NonNullable<StartupReport['seed']>, cardUrl: string) {
  const lines = [
    '',
    `  Profilehub is running at ${url}`,
    `  Outbox (sign-up codes, reset links): ${url}/dev/mail`,
    `  A published profile page: ${cardUrl}`,
    '',
    `  Demo sign-ins (password: ${report.password}):`,
    ...report.accounts.map((a) => `    ${a.role.padEnd(11)} ${a.email}${a.note ? `  (${a.note})` : ''}`),
    '',
  ];
  console.log(lines.join('\n'));
}
