import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCallAnalysisProvider } from '../ai/call-index.ts';
import { loadConfig } from '../config.ts';
import { analyzeOffThread, parseTranscriptOffThread, stopCallThread } from '../ai/call-thread.ts';
import { loadCallSet, offlineAnalyze, scoreCallSet, scoreTable, type Analyze, type CallSetScore } from './call-eval.ts';

// Run by `npm run bench calls` (bench/calls.bench.mjs).
const root = path.resolve(import.meta.dirname, '../../../..');
const set = await loadCallSet(path.join(root, 'bench/calls/set'));
const scores: Record<string, CallSetScore> = {};
const REFERENCE = '2026-11-24T10:00:00.000Z';

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

// A 2 MB transcript (the upload limit): parse and analysis in the worker thread the server uses.
const call = fs.readFileSync(path.join(root, 'bench/calls/set/17-en-bracket-txt.txt'), 'utf8');
const copies: string[] = [];
let size = 0;
while (size + Buffer.byteLength(call) < 2 * 1024 * 1024) {
  copies.push(call);
  size += Buffer.byteLength(call);
}
const big = copies.join('');
await parseTranscriptOffThread('Warm: up', null); // the worker's start-up is not the analysis
const timings: number[] = [];
for (let run = 0; run < 3; run += 1) {
  const started = performance.now();
  const lines = await parseTranscriptOffThread(big, 'long-call.txt');
  await analyzeOffThread(lines, { language: 'en', referenceDate: new Date(REFERENCE) });
  timings.push(performance.now() - started);
}
const bigCall = { bytes: Buffer.byteLength(big), ms: timings.map((t) => Math.round(t)) };
console.log(`\n2 MB transcript (${bigCall.bytes} bytes), parse + analysis in the worker thread: ${bigCall.ms.join(', ')} ms`);

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${os.loadavg()[0]!.toFixed(2)}`;
console.log(`\nmachine: ${machine}`);
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/calls.json'),
  `${JSON.stringify({ machine, at: new Date().toISOString(), scores, bigCall }, null, 2)}\n`,
);
if (process.argv.includes('--record')) {
  fs.writeFileSync(path.join(root, 'bench/calls/scores.json'), `${JSON.stringify({ offline: scores.offline }, null, 2)}\n`);
  console.log('recorded bench/calls/scores.json');
}
await stopCallThread();
