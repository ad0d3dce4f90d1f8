// `node scripts/build.mjs`: builds the web app and the server now, sources changed or not (`npm test`'s
// build step; `npm start` and `npm run test:e2e` build only what is stale, scripts/lib.mjs).
import { ensureBuild } from './lib.mjs';

ensureBuild({ force: true });
