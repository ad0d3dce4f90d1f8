import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCallAnalysisProvider } from '../ai/call-index.ts';
import { loadConfig } from '../config.ts';
import { loadCallSet, offlineAnalyze, scoreCallSet, scoreTable, type Analyze, type CallSetScore } from './call-eval.ts';

// Run by `npm run bench calls` (bench/calls.bench.mjs).
const root = path.resolve(import.meta.dirname, '../../../..');
const set = await loadCallSet(path.join(root, 'bench/calls/set'));
const scores: Record<string, CallSetScore> = {};

const offline = await scoreCallSet(set, offlineAnalyze);
scores.offline = offline.score;
console.log(scoreTable(offline.score, 'offline analyzer'));
if (process.argv.includes('--verbose')) {
  for (const call of offline.perCall) if (call.misses.length) console.log(`${call.file}\n  ${call.misses.join('\n  ')}`);
}

if (process.env.AI_BASE_URL) {
  const provider = createCallAnalysisProvider(loadConfig().ai);
  const model: Analyze = (lines, expected) =>
    provider.analyzeCall({
      lines,
      language: expected.language,
      referenceDate: new Date(expected.referenceDate),
      sellerName: expected.context.repName,
      contactName: expected.context.contactName,
      clientCompany: expected.context.clientCompany,
    });
  const live = await scoreCallSet(set, model);
  scores[provider.model ?? 'openai'] = live.score;
  console.log(`\n${scoreTable(live.score, `${provider.model} (${process.env.AI_BASE_URL})`)}`);
}

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${os.loadavg()[0]!.toFixed(2)}`;
console.log(`\nmachine: ${machine}`);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/calls.json'),
  `${JSON.stringify({ machine, at: new Date().toISOString(), scores }, null, 2)}\n`,
);
if (process.argv.includes('--record')) {
  fs.writeFileSync(path.join(root, 'bench/calls/scores.json'), `${JSON.stringify({ offline: scores.offline }, null, 2)}\n`);
  console.log('recorded bench/calls/scores.json');
}
