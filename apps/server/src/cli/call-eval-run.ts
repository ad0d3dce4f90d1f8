import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CallAnalysis, TranscriptLanguage, TranscriptLine } from '@nexa/domain';
import { CallAnalysisError, createCallAnalysisProvider } from '../ai/call-index.ts';
import { loadConfig } from '../config.ts';
import { analyzeOffThread, parseTranscriptOffThread, stopCallThread } from '../ai/call-thread.ts';
import {
  CALL_SETS,
  loadCallSet,
  offlineAnalyze,
  offlineOptions,
  percent,
  ratchet,
  scoreCallSet,
  scoreTable,
  type Analyze,
  type CallSetScore,
  type LabelledCall,
} from './call-eval.ts';

// Run by `npm run bench calls` (bench/calls.bench.mjs): the development set (generated +
// hand-written) and the held-out set, side by side. `--verbose` prints the development calls'
// misses (never the held-out ones: the scorer does not even record them); `--record` writes
// bench/calls/scores.json, the figures apps/server/test/call-evaluation.test.ts holds the analyzer to.
const root = path.resolve(import.meta.dirname, '../../../..');
const verbose = process.argv.includes('--verbose');
const generated = await loadCallSet(CALL_SETS.generated);
const handWritten = await loadCallSet(CALL_SETS.handWritten);
const development = [...generated, ...handWritten];
const heldOut = await loadCallSet(CALL_SETS.heldOut);

interface Scored {
  development: CallSetScore;
  heldOut: CallSetScore;
  generated: CallSetScore;
  handWritten: CallSetScore;
}
async function scoreAll(analyze: Analyze, title: string): Promise<Scored> {
  const dev = await scoreCallSet(development, analyze);
  const held = await scoreCallSet(heldOut, analyze);
  // The development set's two halves, scored again on their own (the generated calls flatter).
  const gen = await scoreCallSet(generated, analyze);
  const hand = await scoreCallSet(handWritten, analyze);
  console.log(`\n${title}\n`);
  console.log(
    scoreTable([
      { title: 'development', score: dev.score },
      { title: 'held-out', score: held.score },
      { title: 'dev: generated', score: gen.score },
      { title: 'dev: hand-written', score: hand.score },
    ]),
  );
  if (verbose) {
    console.log('\nDevelopment set, qualification box by box:');
    for (const [box, f] of Object.entries(dev.score.qualification.byBox ?? {}))
      console.log(`  ${box}: precision ${percent(f.precision)}, recall ${percent(f.recall)} (${f.labelled} labelled)`);
    console.log('\nDevelopment set, citation precision by item:');
    for (const [kind, value] of Object.entries(dev.score.citationPrecisionByKind ?? {}))
      console.log(`  ${kind}: ${percent(value)}`);
    console.log('\nDevelopment calls, misses:');
    for (const call of dev.perCall) if (call.misses.length) console.log(`${call.file}\n  ${call.misses.join('\n  ')}`);
  }
  return { development: dev.score, heldOut: held.score, generated: gen.score, handWritten: hand.score };
}

const scores: Record<string, Scored> = {};
scores.offline = await scoreAll(offlineAnalyze, 'offline analyzer');

if (process.env.AI_BASE_URL) {
  // The same sets, options and scorer; a call the endpoint fails on scores as an empty analysis, counted.
  const provider = createCallAnalysisProvider(loadConfig().ai);
  // Each call is sent once: the development set's halves are scored again from the same answers.
  const answers = new WeakMap<TranscriptLine[], Promise<CallAnalysis>>();
  let failed = 0;
  const model: Analyze = (lines, expected) => {
    let answer = answers.get(lines);
    if (!answer) {
      answer = provider.analyzeCall({ lines, ...offlineOptions(expected) }).catch((error: unknown) => {
        if (!(error instanceof CallAnalysisError)) throw error;
        failed += 1;
        return emptyAnalysis(expected.language);
      });
      answers.set(lines, answer);
    }
    return answer;
  };
  scores[provider.model ?? 'openai'] = await scoreAll(model, `${provider.model} (${process.env.AI_BASE_URL})`);
  if (failed) console.log(`\n${failed} analyses failed at the endpoint (scored as empty)`);
}

function emptyAnalysis(language: TranscriptLanguage): CallAnalysis {
  const score = { score: 0, reasons: [] };
  return {
    language,
    quick: false,
    technicalRequirements: [],
    commercialPoints: [],
    technicalScore: score,
    commercialScore: score,
    feedback: { technical: '', commercial: '' },
    nextSteps: [],
    suggestedLeadStatus: null,
    nextMeeting: null,
  };
}

/** A call as WebVTT: each turn a cue, `Speaker: text`, shifted by `offset` seconds. */
function vttCues(lines: TranscriptLine[], offset: number): string[] {
  const time = (s: number) => {
    const ms = Math.round(s * 1000);
    const h = Math.floor(ms / 3_600_000);
    const m = Math.floor((ms % 3_600_000) / 60_000);
    const sec = Math.floor((ms % 60_000) / 1000);
    const pad = (n: number, w = 2) => String(n).padStart(w, '0');
    return `${pad(h)}:${pad(m)}:${pad(sec)}.${pad(ms % 1000, 3)}`;
  };
  return lines.map((l, i) => {
    const start = (l.start ?? 0) + offset;
    const end = (l.end ?? lines[i + 1]?.start ?? (l.start ?? 0) + 5) + offset;
    return `${time(start)} --> ${time(end)}\n${l.speaker}: ${l.text}\n`;
  });
}

/**
 * A 60-minute call, built from the longest timed development call with speaker names (never a
 * held-out one): its turns again and again, later each time, until the hour is full.
 */
function sixtyMinuteCall(calls: LabelledCall[]): { text: string; from: string; turns: number; words: number } {
  const timed = calls.filter((c) => !c.heldOut && c.lines.length && c.lines.every((l) => l.speaker && l.start != null));
  const longest = timed.reduce((a, b) =>
    (b.lines.at(-1)!.end ?? b.lines.at(-1)!.start!) > (a.lines.at(-1)!.end ?? a.lines.at(-1)!.start!) ? b : a,
  );
  const length = (longest.lines.at(-1)!.end ?? longest.lines.at(-1)!.start!) + 2;
  const cues: string[] = [];
  let words = 0;
  for (let offset = 0; offset < 3600; offset += length) {
    const lines = longest.lines.filter((l) => (l.start ?? 0) + offset < 3600);
    cues.push(...vttCues(lines, offset));
    words += lines.reduce((n, l) => n + l.text.split(/\s+/).filter(Boolean).length, 0);
  }
  return { text: `WEBVTT\n\n${cues.join('\n')}`, from: longest.expected.file, turns: cues.length, words };
}

const hour = sixtyMinuteCall(handWritten);
// The worker's start-up (the thread, the domain modules it loads on first use) is not the analysis.
const warmUp = await parseTranscriptOffThread('Warm: up\nCold: down', null);
await analyzeOffThread(warmUp, { language: 'en', referenceDate: new Date('2026-11-24T10:00:00.000Z') });
const hourTimings: number[] = [];
const hourExpected = handWritten.find((c) => c.expected.file === hour.from)!.expected;
for (let run = 0; run < 3; run += 1) {
  const started = performance.now();
  const lines = await parseTranscriptOffThread(hour.text, 'sixty-minutes.vtt');
  await analyzeOffThread(lines, offlineOptions(hourExpected));
  hourTimings.push(performance.now() - started);
}
const sixtyMinutes = { from: hour.from, turns: hour.turns, words: hour.words, ms: hourTimings.map((t) => Math.round(t)) };
console.log(
  `\n60-minute call (${hour.turns} turns, ${hour.words} words, from development call ${hour.from}), parse + analysis in the worker thread: ${sixtyMinutes.ms.join(', ')} ms`,
);

// A 2 MB transcript (the upload limit), from a generated development call: the same path.
const call = fs.readFileSync(path.join(CALL_SETS.generated, '17-en-bracket-txt.txt'), 'utf8');
const copies: string[] = [];
let size = 0;
while (size + Buffer.byteLength(call) < 2 * 1024 * 1024) {
  copies.push(call);
  size += Buffer.byteLength(call);
}
const big = copies.join('');
const timings: number[] = [];
for (let run = 0; run < 3; run += 1) {
  const started = performance.now();
  const lines = await parseTranscriptOffThread(big, 'long-call.txt');
  await analyzeOffThread(lines, { language: 'en', referenceDate: new Date('2026-11-24T10:00:00.000Z') });
  timings.push(performance.now() - started);
}
const bigCall = { bytes: Buffer.byteLength(big), ms: timings.map((t) => Math.round(t)) };
console.log(`2 MB transcript (${bigCall.bytes} bytes), parse + analysis in the worker thread: ${bigCall.ms.join(', ')} ms`);

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load ${os.loadavg()[0]!.toFixed(2)}`;
console.log(`\nmachine: ${machine}`);
const at = new Date().toISOString();
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/calls.json'),
  `${JSON.stringify({ machine, at, scores, sixtyMinutes, bigCall }, null, 2)}\n`,
);
if (process.argv.includes('--record')) {
  const file = path.join(root, 'bench/calls/scores.json');
  const before = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { development?: CallSetScore; heldOut?: CallSetScore })
    : {};
  const development = ratchet(scores.offline.development, before.development);
  const held = ratchet(scores.offline.heldOut, before.heldOut);
  fs.writeFileSync(file, `${JSON.stringify({ at, development: development.score, heldOut: held.score }, null, 2)}\n`);
  console.log('recorded bench/calls/scores.json');
  for (const [set, kept] of [
    ['development', development.kept],
    ['held-out', held.kept],
  ] as const)
    if (kept.length) console.log(`  ${set}: fell, the recorded figure kept: ${kept.join(', ')}`);
}
await stopCallThread();
