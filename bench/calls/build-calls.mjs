// Builds a hand-written evaluation set: node bench/calls/build-calls.mjs <set folder>
// Reads <folder>/src/*.json (the source format: one call, its turns and their tags), checks each, and writes
// <folder>/set/NAME.<ext> (the transcript, rendered by render.mjs in the call's export format) and
// <folder>/set/NAME.expected.json (the labels, with the file lines each labelled turn landed on).
// The writer of a call never counts lines: labels travel with the turns. <folder>/set is rebuilt from scratch.
import fs from 'node:fs';
import path from 'node:path';
import { FORMATS, EXTENSION, render, docxOf } from './render.mjs';

// The analyzer's QUALIFICATION_BOXES (packages/domain/src/schemas/call-insights.ts), kept here: this
// script runs on plain Node (no TypeScript loader), and this order is the key order
// of every committed .expected.json (the held-out set's included). loadCallSet (call-eval.ts) refuses
// a labelled box the analyzer does not have, so the two lists cannot drift apart unseen.
const BOXES = [
  'budget',
  'timeline',
  'metrics',
  'economicBuyer',
  'decisionCriteria',
  'decisionProcess',
  'paperProcess',
  'identifyPain',
  'champion',
  'competition',
];
const BUYING_ROLES = ['economicBuyer', 'champion', 'decisionMaker', 'technicalEvaluator', 'user', 'legalProcurement', 'blocker'];
const LANGUAGES = ['en', 'fr'];
const EVIDENCE = ['label', 'name', 'none'];
const SIDES = ['rep', 'prospect'];
const NAME_PATTERN = /^\d\d-[a-z]{2,4}-[a-z0-9-]+\.json$/; // NN-LANG-slug.json (LANG: en, fr, mix, qc…)

class SourceError extends Error {}

const wordCount = (t) => t.split(/\s+/).filter(Boolean).length;
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isString = (v) => typeof v === 'string' && v.trim() !== '';
const nullableString = (v) => v === null || isString(v);
/** "q=price" → ['q', 'price']; "req" → ['req', undefined]. */
function tagParts(tag) {
  const eq = tag.indexOf('=');
  return eq < 0 ? [tag, undefined] : [tag.slice(0, eq), tag.slice(eq + 1)];
}
/** "champion:Dana Cruz" → ['champion', 'Dana Cruz']; without a colon, both empty. */
function buyerParts(value) {
  const colon = (value ?? '').indexOf(':');
  return colon > 0 ? [value.slice(0, colon), value.slice(colon + 1)] : ['', ''];
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
function dayIn(instant, timeZone) {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

function isRealDay(s) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Checks one source; throws a SourceError whose message names the file and, where it applies, the turn. */
function check(file, call) {
  const fail = (msg) => {
    throw new SourceError(`${file}: ${msg}`);
  };
  if (!NAME_PATTERN.test(file)) fail('the file name must be NN-LANG-slug.json (LANG en, fr, mix…)');
  if (!isObject(call)) fail('the file must hold one JSON object');
  if (!LANGUAGES.includes(call.language)) fail(`language must be one of ${LANGUAGES.join(', ')}`);
  if (!Array.isArray(call.variety) || !call.variety.every(isString)) fail('variety must be a list of tags');
  if (!FORMATS.includes(call.format)) fail(`format "${call.format}" is not one of ${FORMATS.join(', ')}`);
  if (!isString(call.callDate) || Number.isNaN(new Date(call.callDate).getTime()) || !/Z$/.test(call.callDate))
    fail('callDate must be an ISO instant in UTC (ending in Z)');
  try {
    dayIn(new Date(), call.timeZone);
  } catch {
    fail(`timeZone "${call.timeZone}" is not an IANA time zone`);
  }
  const ctx = call.context;
  if (!isObject(ctx)) fail('context is missing');
  for (const key of ['repName', 'contactName', 'clientCompany'])
    if (!nullableString(ctx[key])) fail(`context.${key} must be a name or null`);
  if (!Array.isArray(ctx.workspaceMembers) || !ctx.workspaceMembers.every(isString))
    fail('context.workspaceMembers must be a list of names');
  if (!EVIDENCE.includes(call.roleEvidence)) fail(`roleEvidence must be one of ${EVIDENCE.join(', ')}`);
  if (!isObject(call.speakers) || Object.keys(call.speakers).length === 0) fail('speakers is missing');
  for (const [name, side] of Object.entries(call.speakers))
    if (!SIDES.includes(side)) fail(`speaker "${name}" has side "${side}" (rep or prospect)`);
  for (const member of ctx.workspaceMembers)
    if (call.speakers[member] === 'prospect') fail(`workspace member "${member}" is on the prospect side`);
  if (ctx.repName && call.speakers[ctx.repName] === 'prospect') fail('context.repName is a prospect speaker');
  if (ctx.contactName && call.speakers[ctx.contactName] === 'rep') fail('context.contactName is a rep speaker');
  if (!Array.isArray(call.turns) || call.turns.length === 0) fail('turns is missing');

  const callDay = dayIn(new Date(call.callDate), call.timeZone);
  const asked = new Map(); // question id → turn number
  let stepOpen = false;
  const spoke = new Set();
  call.turns.forEach((turn, i) => {
    const at = (msg) => fail(`turn ${i + 1}${isObject(turn) && turn.text ? ` ("${turn.text.slice(0, 50)}…")` : ''}: ${msg}`);
    if (!isObject(turn)) at('must be an object');
    if (!isString(turn.name)) at('has no name');
    if (!isString(turn.text)) at('has no text');
    if (/[\r\n]/.test(turn.text)) at('text must be one line');
    if (turn.tags !== undefined && (!Array.isArray(turn.tags) || !turn.tags.every(isString)))
      at('tags must be a list of strings');
    const side = call.speakers[turn.name];
    if (!side) at(`speaker "${turn.name}" is not in speakers`);
    spoke.add(turn.name);
    if (call.roleEvidence === 'label' && !isString(turn.label)) at('roleEvidence is "label" but the turn has no label');
    if (call.roleEvidence !== 'label' && turn.label !== undefined) at(`has a label but roleEvidence is "${call.roleEvidence}"`);
    const seen = new Set();
    for (const tag of turn.tags ?? []) {
      if (seen.has(tag)) at(`tag "${tag}" twice`);
      seen.add(tag);
      const [kind, value] = tagParts(tag);
      const buyerOnly = () => side === 'prospect' || at(`"${tag}" is a buyer-side tag on a seller's turn`);
      switch (kind) {
        case 'req':
          if (value !== undefined) at(`"${tag}": req takes no value`);
          buyerOnly();
          break;
        case 'q':
          if (!isString(value)) at(`"${tag}": q needs an id`);
          buyerOnly();
          if (asked.has(value)) at(`question id "${value}" is already used by turn ${asked.get(value)}`);
          asked.set(value, i + 1);
          break;
        case 'a':
          if (!isString(value)) at(`"${tag}": a needs an id`);
          if (side !== 'rep') at(`"${tag}": only a seller answers`);
          if (!asked.has(value)) at(`"${tag}" answers no earlier question`);
          break;
        case 'next':
          if (value !== '-') {
            if (!isRealDay(value)) at(`"${tag}": the due day must be YYYY-MM-DD or -`);
            if (value < callDay) at(`"${tag}": due before the call (${callDay} in ${call.timeZone})`);
          }
          stepOpen = true;
          break;
        case 'nextc':
          if (value !== undefined) at(`"${tag}": nextc takes no value`);
          if (!stepOpen) at('nextc continues no next step');
          break;
        case 'qual':
          if (!BOXES.includes(value)) at(`"${tag}": the box must be one of ${BOXES.join(', ')}`);
          buyerOnly();
          break;
        case 'buyer': {
          const [role, person] = buyerParts(value);
          if (!BUYING_ROLES.includes(role)) at(`"${tag}": the role must be one of ${BUYING_ROLES.join(', ')}`);
          if (!isString(person)) at(`"${tag}": name the person (buyer=ROLE:Full Name)`);
          if (call.speakers[person] === 'rep') at(`"${tag}": ${person} is on the seller side`);
          buyerOnly();
          break;
        }
        default:
          at(`unknown tag "${tag}"`);
      }
    }
  });
  for (const name of Object.keys(call.speakers)) if (!spoke.has(name)) fail(`speaker "${name}" never speaks`);
}

/** The labels of one call, cited by the lines render put each turn on. */
function expectedOf(name, call, lines) {
  const sorted = (xs) => [...new Set(xs)].sort((a, b) => a - b);
  const requirements = [];
  const questions = [];
  const byId = new Map();
  const nextSteps = [];
  const qualification = Object.fromEntries(BOXES.map((box) => [box, null]));
  const buyingRoles = [];
  call.turns.forEach((turn, i) => {
    const own = lines[i]; // the file lines render put this turn on
    for (const tag of turn.tags ?? []) {
      const [kind, value] = tagParts(tag);
      if (kind === 'req') requirements.push({ lines: own, text: turn.text });
      else if (kind === 'q') {
        const q = { lines: own, text: turn.text, answerLines: [] };
        byId.set(value, q);
        questions.push(q);
      } else if (kind === 'a') {
        const q = byId.get(value);
        q.answerLines = sorted([...q.answerLines, ...own]);
      } else if (kind === 'next') nextSteps.push({ lines: own, text: turn.text, due: value === '-' ? null : value });
      else if (kind === 'nextc') {
        const step = nextSteps[nextSteps.length - 1];
        step.lines = sorted([...step.lines, ...own]);
        step.text = `${step.text} ${turn.text}`;
      } else if (kind === 'qual') qualification[value] = sorted([...(qualification[value] ?? []), ...own]);
      else if (kind === 'buyer') {
        const [role, person] = buyerParts(value);
        const known = buyingRoles.find((r) => r.name === person && r.role === role);
        if (known) known.lines = sorted([...known.lines, ...own]);
        else buyingRoles.push({ name: person, role, lines: own });
      }
    }
  });
  const words = {};
  for (const turn of call.turns) words[turn.name] = (words[turn.name] ?? 0) + wordCount(turn.text);
  const total = Object.values(words).reduce((a, b) => a + b, 0);
  const talkShare = Object.fromEntries(
    Object.keys(call.speakers).map((s) => [s, Math.round(((words[s] ?? 0) / total) * 10000) / 10000]),
  );
  return {
    file: `${name}.${EXTENSION[call.format]}`,
    language: call.language,
    format: call.format,
    referenceDate: call.callDate,
    timeZone: call.timeZone,
    context: call.context,
    roleEvidence: call.roleEvidence,
    mislabelledSpeaker: null,
    turns: call.turns.length,
    roles: call.speakers,
    requirements,
    questions,
    nextSteps,
    qualification,
    buyingRoles,
    talkShare,
    variety: call.variety,
  };
}

/** Each turn's words must be on the lines cited for it (docx: paragraph k is line 2k − 1). */
function checkLines(file, call, rendered) {
  const fileLines = rendered.paragraphs ? rendered.paragraphs : rendered.text.split('\n');
  const toIndex = rendered.paragraphs ? (l) => (l + 1) / 2 - 1 : (l) => l - 1;
  call.turns.forEach((turn, i) => {
    const got = rendered.lines[i].map((l) => fileLines[toIndex(l)] ?? '').join(' ');
    const first = turn.text.split(' ').slice(0, 3).join(' ');
    const last = turn.text.split(' ').slice(-3).join(' ');
    if (!got.includes(first) || !got.includes(last))
      throw new Error(`${file}: turn ${i + 1} is not on its lines ${rendered.lines[i].join(',')}`);
  });
}

async function main() {
  const folder = process.argv[2];
  if (!folder) {
    console.error('usage: node bench/calls/build-calls.mjs <set folder>');
    process.exit(2);
  }
  const srcDir = path.join(folder, 'src');
  const outDir = path.join(folder, 'set');
  const files = fs
    .readdirSync(srcDir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const calls = [];
  const errors = [];
  for (const file of files) {
    let call;
    try {
      call = JSON.parse(fs.readFileSync(path.join(srcDir, file), 'utf8'));
    } catch (error) {
      errors.push(`${file}: not valid JSON (${error.message})`);
      continue;
    }
    try {
      check(file, call);
      calls.push({ file, call });
    } catch (error) {
      if (!(error instanceof SourceError)) throw error;
      errors.push(error.message);
    }
  }
  if (errors.length) {
    console.error(errors.join('\n'));
    console.error(`${errors.length} of ${files.length} sources are invalid; nothing written.`);
    process.exit(1);
  }
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  for (const { file, call } of calls) {
    const name = file.replace(/\.json$/, '');
    const turns = call.turns.map(({ name: speaker, label, text, overlap }) => ({ name: speaker, label, text, overlap }));
    const rendered = render(turns, call.format, { names: call.roleEvidence !== 'none' });
    checkLines(file, call, rendered);
    const target = path.join(outDir, `${name}.${EXTENSION[call.format]}`);
    if (call.format.endsWith('docx')) fs.writeFileSync(target, await docxOf(rendered.paragraphs));
    else fs.writeFileSync(target, rendered.text);
    const expected = expectedOf(name, call, rendered.lines);
    fs.writeFileSync(path.join(outDir, `${name}.expected.json`), `${JSON.stringify(expected, null, 2)}\n`);
  }
  console.log(`${calls.length} calls built into ${outDir}`);
}

await main();
