import { createAuth } from '../auth/auth.ts';
import { prepare } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import { isEmpty, seedDemo } from './seed.ts';

// `npm run seed [-- --demo]`: seeds the demo team into an empty database.
const config = loadConfig();
const force = process.argv.includes('--demo');
if (!config.demoMode && !force) {
  console.error('Not in demo mode: the demo accounts are only created on the embedded database, or with --demo.');
  process.exit(1);
}
const prepared = await prepare(config, { seed: false });
try {
  if (await isEmpty(prepared.database.db)) {
    await seedDemo(createAuth(prepared.config, prepared.database.db), prepared.database.db);
    console.log('Demo team created.');
  } else {
    console.log('The database already has users; nothing seeded.');
  }
} finally {
  await prepared.release();
}
