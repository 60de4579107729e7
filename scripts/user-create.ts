/**
 * `npm run user:create -- [--admin] --name NAME --email EMAIL`: creates an account from the command
 * line (an admin with `--admin`) in the database the app uses (DATABASE_URL, else PGlite under
 * DATA_DIR; stop a PGlite server first: PGlite is single-process). The password comes from the
 * USER_PASSWORD environment variable, else it is asked for twice on the terminal (not echoed).
 * The same rules as the registration form apply (user name and e-mail free, password at least
 * 6 characters and not a common one).
 * Exit code 0 when created, 1 when refused (the reasons are printed), 2 for bad arguments.
 */
import { parseArgs } from 'node:util';
import { read } from 'read';
import { migrateDatabase, openDatabase } from '@/db';
import en from '@/messages/en.json';
import { EMAIL_MAX, USER_NAME_MAX } from '@/lib/validation/limits';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/validation/password';
import { attachOptionValues } from './cli-args';
import { allowServerOnlyImports } from './server-only';

allowServerOnlyImports();

const USAGE =
  'usage: npm run user:create -- [--admin] --name NAME --email EMAIL   (password: USER_PASSWORD or a prompt)';

/** The English text of a form message key registerUser returns (messages/en.json `forms`), placeholders filled. */
function reason(field: string, key: string): string {
  const template: string = (en.forms as Record<string, string>)[key] ?? key;
  const max = field === 'email' ? EMAIL_MAX : field === 'name' ? USER_NAME_MAX : PASSWORD_MAX_LENGTH;
  return template.replace('{min}', String(PASSWORD_MIN_LENGTH)).replace('{max}', String(max));
}

async function main(): Promise<number> {
  let args;
  try {
    const options = { admin: { type: 'boolean' }, name: { type: 'string' }, email: { type: 'string' } } as const;
    args = parseArgs({
      args: attachOptionValues(
        process.argv.slice(2).filter((a) => a !== '--'),
        options,
      ),
      options,
    });
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const { admin, name, email } = args.values;
  if (!name || !email) {
    console.error(USAGE);
    return 2;
  }
  let password = process.env.USER_PASSWORD ?? '';
  let password2 = password;
  if (!password) {
    password = await read({ prompt: 'Password: ', silent: true, replace: '*' });
    password2 = await read({ prompt: 'Password again: ', silent: true, replace: '*' });
  }
  const { registerUser } = await import('@/lib/data/users');
  const handle = await openDatabase();
  try {
    await migrateDatabase(handle);
    const r = await registerUser({ name, email, password, password2 }, { role: admin ? 'admin' : 'basic' }, handle.db);
    if (!r.ok) {
      for (const [field, key] of Object.entries(r.errors)) console.error(`${field}: ${reason(field, key)}`);
      return 1;
    }
    console.log(
      `Created ${admin ? 'admin' : 'user'} ${r.user.name} (public id ${r.user.public_id}) in ${handle.kind} (${handle.location}).`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
