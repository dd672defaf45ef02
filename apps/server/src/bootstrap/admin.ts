import { parseArgs } from 'node:util';
import { EmailSchema, NewPasswordSchema } from '@profilehub/shared';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createPasswordHasher } from '../modules/auth/passwords.ts';
import { createSuperadmin, issueSetupToken } from '../modules/setup/setup.service.ts';

/**
 * The operator's command line for an install's first steps (docs: README, Production):
 *   npm run admin:create -- --email you@example.com [--first Ada --last Admin] [--password-stdin]
 *   npm run admin:setup-link
 * With the embedded database, stop the server first: one process at a time opens it.
 */
const USAGE = `Usage:
  npm run admin:create -- --email you@example.com [--first NAME] [--last NAME] [--password-stdin]
  npm run admin:setup-link`;

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, first: { type: 'string' }, last: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
});
const command = positionals[0];
if (command !== 'create' && command !== 'setup-link') fail(USAGE);

// The arguments are checked before the database is opened (opening a new embedded store takes seconds).
const email = command === 'create' ? EmailSchema.safeParse(values.email ?? '') : null;
if (email && !email.success) fail(`--email: ${email.error.issues[0]?.message}\n\n${USAGE}`);

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await database.migrate();
  if (command === 'setup-link') {
    const token = await issueSetupToken(database.db, { replace: true });
    if (!token) fail('This hub already has a superadmin: sign in, or ask them to invite you.');
    console.log(`One-time setup link (the one printed before no longer works):\n\n  ${config.PUBLIC_URL}/setup#token=${token}\n`);
  } else if (email?.success) {
    let passwordHash: string | null = null;
    if (values['password-stdin']) {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      const password = NewPasswordSchema.safeParse(
        Buffer.concat(chunks)
          .toString('utf8')
          .replace(/\r?\n$/, ''),
      );
      if (!password.success) fail(`The password: ${password.error.issues[0]?.message}`);
      passwordHash = await createPasswordHasher({ memoryKib: config.ARGON2_MEMORY_KIB, passes: config.ARGON2_PASSES }).hash(password.data!);
    }
    const local = email.data.split('@')[0]!;
    const made = await createSuperadmin(database.db, { email: email.data, firstName: values.first ?? local, lastName: values.last ?? '', passwordHash });
    if (made === 'exists') fail(`An account with ${email.data} already exists; nothing was changed.`);
    console.log(
      passwordHash
        ? `Superadmin ${email.data} created: sign in at ${config.PUBLIC_URL}/sign-in with the password given.`
        : `Superadmin ${email.data} created: open ${config.PUBLIC_URL}/register and enter this email; the code arrives by mail, then choose a password.`,
    );
  }
} finally {
  await database.close();
}
