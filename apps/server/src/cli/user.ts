import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { isRole, ROLES, type Role } from '@nexa/domain';
import { createAuth } from '../auth/auth.ts';
import { prepare } from '../bootstrap.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { createUserAccount, listUsers, setDisabled, setPassword, setRole, UserAdminError } from '../modules/users/service.ts';

const USAGE = `Account administration on the configured database (DATABASE_URL, else the embedded DATA_DIR).

  npm run user -- create --email <e-mail> --name "<full name>" --role manager|rep|none [--company <name>] [--password <pw>]
  npm run user -- list
  npm run user -- set-role --email <e-mail> --role manager|rep|none
  npm run user -- reset-password --email <e-mail> [--password <pw>]
  npm run user -- disable --email <e-mail>
  npm run user -- enable --email <e-mail>

Role none: the account can sign in but opens no workspace. Without --password a strong
password is generated and printed once. Changing a password or
disabling an account ends every session of that account.`;

const ROLE_ALIASES: Record<string, Role> = {
  manager: ROLES.manager,
  'sales-manager': ROLES.manager,
  rep: ROLES.representative,
  representative: ROLES.representative,
  'sales-representative': ROLES.representative,
};

class UsageError extends Error {}

function roleOf(value: string | undefined): Role | null {
  if (!value) throw new UsageError('--role is required (manager, rep or none).');
  if (value.toLowerCase() === 'none') return null;
  const role = isRole(value) ? value : ROLE_ALIASES[value.toLowerCase()];
  if (!role) throw new UsageError(`Unknown role "${value}": use manager, rep or none.`);
  return role;
}

function required(value: string | undefined, flag: string): string {
  if (!value?.trim()) throw new UsageError(`${flag} is required.`);
  return value.trim();
}

const generatedPassword = () => randomBytes(15).toString('base64url');

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      company: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0];
  if (!command || values.help) {
    console.log(USAGE);
    return command || values.help ? 0 : 1;
  }
  if (!['create', 'list', 'set-role', 'reset-password', 'disable', 'enable'].includes(command)) {
    throw new UsageError(`Unknown command "${command}".`);
  }

  // Never seeds: an administration command must not add the demo team to a database.
  const prepared = await prepare(loadConfig(), { seed: false });
  const { db } = prepared.database;
  const auth = createAuth(prepared.config, db);
  try {
    switch (command) {
      case 'create': {
        const email = required(values.email, '--email');
        const fullName = required(values.name, '--name');
        const role = roleOf(values.role);
        const password = values.password ?? generatedPassword();
        await createUserAccount(auth, db, { email, fullName, role, password, company: values.company ?? null });
        console.log(`Created ${email.toLowerCase()} (${role ?? 'no role'}).`);
        if (!values.password) console.log(`Password: ${password}`);
        break;
      }
      case 'list': {
        const rows = await listUsers(db);
        if (rows.length === 0) console.log('No users.');
        for (const u of rows) {
          const state = u.disabled ? 'disabled' : 'active';
          console.log(`${u.email.padEnd(36)} ${(u.role ?? '(no role)').padEnd(21)} ${state.padEnd(8)} ${u.full_name}`);
        }
        break;
      }
      case 'set-role': {
        const email = required(values.email, '--email');
        const role = roleOf(values.role);
        await setRole(db, email, role);
        console.log(role ? `${email} is now ${role}.` : `${email} has no role: it opens no workspace.`);
        break;
      }
      case 'reset-password': {
        const email = required(values.email, '--email');
        const password = values.password ?? generatedPassword();
        await setPassword(auth, db, email, password);
        console.log(`Password of ${email} changed; its sessions have ended.`);
        if (!values.password) console.log(`Password: ${password}`);
        break;
      }
      case 'disable':
      case 'enable': {
        const email = required(values.email, '--email');
        await setDisabled(db, email, command === 'disable');
        console.log(command === 'disable' ? `${email} is disabled; its sessions have ended.` : `${email} is enabled.`);
        break;
      }
    }
    return 0;
  } finally {
    await prepared.release();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof DataDirLockedError) {
      console.error(
        `${error.message}\nThe embedded database can be opened by one process at a time, so \`npm run user\` cannot run ` +
          'while the Nexa server uses the same data folder. Stop the server (Ctrl+C), run the command, then start the ' +
          'server again. (With DATABASE_URL=postgres://… there is no such limit.)',
      );
    } else if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
    } else if (error instanceof UserAdminError || error instanceof ConfigError) {
      console.error(error.message);
    } else if (error instanceof TypeError && (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${error.message}\n\n${USAGE}`);
    } else {
      console.error('The command failed:', error);
    }
    process.exit(1);
  },
);
