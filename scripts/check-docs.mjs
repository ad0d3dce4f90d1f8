// Docs that match the code (run by `npm run lint`): every file a page names in backticks exists, and
// every decision record is dated, has a status and is listed in docs/decisions/README.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
const decisionsDir = path.join(root, 'docs/decisions');
const pages = [
  'README.md',
  ...fs
    .readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  ...fs.readdirSync(decisionsDir).map((f) => `docs/decisions/${f}`),
];

const problems = [];

// Pages name files by their path from the repository or from a package's src/ (`db/client.ts`): a
// name resolves when a tracked file's path ends with it. What a build or a bench writes is not tracked.
const generated = /^(?:bench\/results|dist)\/|\/dist(?:-ssr)?\//;
const named = /`([A-Za-z0-9_.\-/]+\/[A-Za-z0-9_.-]+\.(?:ts|tsx|mjs|js|json|md|sql|yaml|sh))`/g;
for (const page of pages) {
  const text = fs.readFileSync(path.join(root, page), 'utf8');
  for (const [, name] of text.matchAll(named)) {
    if (name.startsWith('/') || generated.test(name)) continue;
    if (!tracked.some((file) => file === name || file.endsWith(`/${name}`)))
      problems.push(`${page} names ${name}, which does not exist`);
  }
  for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
    if (/^[a-z]+:/.test(target)) continue;
    if (!fs.existsSync(path.join(root, path.dirname(page), target)))
      problems.push(`${page} links to ${target}, which does not exist`);
  }
}

const index = fs.readFileSync(path.join(decisionsDir, 'README.md'), 'utf8');
for (const record of fs.readdirSync(decisionsDir).filter((f) => /^\d{3}-.*\.md$/.test(f))) {
  const head = fs.readFileSync(path.join(decisionsDir, record), 'utf8').split('\n').slice(0, 4).join('\n');
  if (!/^Date: \d{4}-\d{2}-\d{2} · Status: \S/m.test(head))
    problems.push(`docs/decisions/${record} has no "Date: … · Status: …" line`);
  if (!index.includes(`](${record})`)) problems.push(`docs/decisions/README.md does not list ${record}`);
}
if (fs.readFileSync(path.join(root, 'README.md'), 'utf8').split('\n').length > 150) problems.push('README.md is over 150 lines');

if (problems.length) {
  console.error(`Docs out of step with the code:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
