// Writes the call-analysis evaluation set: bench/calls/set/NN-LANG-FORMAT.{vtt,srt,txt,docx} and,
// beside each, NN-LANG-FORMAT.expected.json. Each call is composed (seeded, so the set is stable)
// from the hand-labelled pieces of blocks.mjs, with noise between them, rendered in one of the
// export formats; the labels travel with the words, so they say what the call means whatever an
// analyzer makes of it. Run: node bench/calls/make-set.mjs
import fs from 'node:fs';
import path from 'node:path';
import { BLOCKS } from './blocks.mjs';
import { docxOf, EXTENSION, FORMATS, render } from './render.mjs';

const OUT = path.join(import.meta.dirname, 'set');
export const REFERENCE_DATE = '2026-11-24T10:00:00.000Z';

const NAMES = {
  en: {
    reps: ['Sam Lee', 'Alex Martin', 'Jordan Blake', 'Morgan Price', 'Taylor Reed'],
    prospects: ['Dana Cruz', 'Priya Shah', 'Tom Becker', 'Grace Okafor', 'Liam Walsh'],
    seconds: ['Ravi Patel', 'Emma Stone', 'Noah Fischer'],
    rooms: ['Conference Room 4B', "Grace's iPhone", 'Boardroom (2)'],
    companies: ['Northwind Logistics', 'Globex', 'Contoso Health', 'Initech', 'Helios Energy'],
    repLabels: ['(rep)', '(sales)', '(AE)'],
    prospectLabels: ['(prospect)', '[Client]', '(customer)'],
  },
  fr: {
    reps: ['Léa Moreau', 'Julien Girard', 'Camille Roux', 'Hugo Lefèvre', 'Inès Dubois'],
    prospects: ['Paul Garnier', 'Sophie Lambert', 'Nicolas Petit', 'Claire Fontaine', 'Karim Benali'],
    seconds: ['Marc Henry', 'Élodie Faure', 'Yann Le Gall'],
    rooms: ['Salle Everest', 'iPhone de Claire', 'Salle de réunion 3'],
    companies: ['BatiPlus', 'Médica Santé', 'Transports Rivière', 'Agrinov', 'Caisse Solidaire'],
    repLabels: ['(commercial)', '(vendeur)', '(commerciale)'],
    prospectLabels: ['(client)', '[Client]', '(prospect)'],
  },
};

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function compose(lang, size, random) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  const b = BLOCKS[lang];
  // The shortest call: a question and its answer, a champion, a pilot (six turns).
  if (size === 'short') return [b.tech[0], b.com[4], b.close[1]];
  const middle = [];
  const count = size === 'long' ? 75 : 3 + Math.floor(random() * 6);
  const tech = [...b.tech].sort(() => random() - 0.5);
  const com = [...b.com].sort(() => random() - 0.5);
  for (let i = 0; i < count; i += 1) {
    const r = random();
    if (r < 0.45) middle.push(tech[i % tech.length]);
    else if (r < 0.75) middle.push(com[i % com.length]);
    else middle.push(pick(b.noise));
  }
  const closes = size === 'long' ? [pick(b.close), pick(b.close)] : [pick(b.close)];
  return [pick(b.open), pick(b.noise), ...middle, ...closes];
}

async function main() {
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  for (let i = 0; i < 44; i += 1) {
    const lang = i % 2 ? 'fr' : 'en';
    const format = FORMATS[Math.floor(i / 2) % FORMATS.length];
    const random = rng(1000 + i);
    const names = NAMES[lang];
    const rep = names.reps[i % names.reps.length];
    const prospect = names.prospects[(i * 3) % names.prospects.length];
    const company = names.companies[i % names.companies.length];
    const mislabelled = i % 4 === 1 || i % 4 === 2;
    const second = mislabelled ? names.rooms[i % names.rooms.length] : names.seconds[i % names.seconds.length];
    const evidence =
      format === 'bracket-txt' || (format === 'plain-txt' && i % 4 < 2)
        ? 'label'
        : i % 5 === 0 || format === 'plain-txt'
          ? 'none'
          : 'name';
    const size = i < 2 ? 'short' : i < 4 ? 'long' : 'medium';
    const repLabel = names.repLabels[i % 3];
    const prospectLabel = names.prospectLabels[(i + 1) % 3];

    const blocks = compose(lang, size, random);
    const turns = [];
    const meaning = [];
    blocks.forEach((block, k) => {
      for (const [whoKey, raw, tags = '', overlap = false] of block) {
        const name = whoKey === 'R' ? rep : whoKey === 'P' ? prospect : second;
        const label =
          evidence !== 'label' || (whoKey === 'P2' && mislabelled) ? undefined : whoKey === 'R' ? repLabel : prospectLabel;
        const text = raw
          .replace(/\{R\}/g, rep.split(' ')[0])
          .replace(/\{P\}/g, prospect.split(' ')[0])
          .replace(/\{C\}/g, company);
        turns.push({ name, label, text, overlap });
        meaning.push({ block: k, who: whoKey, name, tags: tags.split(/\s+/).filter(Boolean), text });
      }
    });
    const rendered = render(turns, format);

    const roles = {};
    for (const m of meaning) roles[m.name] = m.who === 'R' ? 'rep' : 'prospect';
    const linesOf = (j) => rendered.lines[j];
    const requirements = [];
    const questions = [];
    const nextSteps = [];
    const qualification = { budget: null, authority: null, need: null, timeline: null, decisionProcess: null, champion: null };
    const box = {
      budget: 'budget',
      authority: 'authority',
      need: 'need',
      timeline: 'timeline',
      process: 'decisionProcess',
      champion: 'champion',
    };
    meaning.forEach((m, j) => {
      for (const tag of m.tags) {
        const [key, value] = tag.split('=');
        if (key === 'req') requirements.push({ lines: linesOf(j), text: m.text });
        else if (key === 'q') {
          const answer = meaning.findIndex((o, n) => n > j && o.block === m.block && o.tags.includes(`a=${value}`));
          questions.push({ lines: linesOf(j), text: m.text, answerLines: answer >= 0 ? linesOf(answer) : [] });
        } else if (key === 'next')
          nextSteps.push({ lines: [...linesOf(j)], text: m.text, due: value === '-' ? null : value, block: m.block });
        else if (key === 'nextc') {
          const step = nextSteps.filter((s) => s.block === m.block).at(-1);
          step.lines.push(...linesOf(j));
        } else if (box[key]) {
          const name = box[key];
          qualification[name] = [...(qualification[name] ?? []), ...linesOf(j)];
        }
      }
    });

    const base = `${String(i + 1).padStart(2, '0')}-${lang}-${format}`;
    const file = `${base}.${EXTENSION[format]}`;
    if (format.endsWith('docx')) fs.writeFileSync(path.join(OUT, file), await docxOf(rendered.paragraphs));
    else fs.writeFileSync(path.join(OUT, file), rendered.text);
    const expected = {
      file,
      language: lang,
      format,
      referenceDate: REFERENCE_DATE,
      // What the analyzer is told, as the server would: the signed-in rep and the deal's contact (none when unknown).
      context:
        evidence === 'none'
          ? { repName: null, contactName: null, clientCompany: null }
          : { repName: rep, contactName: prospect, clientCompany: company },
      roleEvidence: evidence,
      mislabelledSpeaker: mislabelled && meaning.some((m) => m.who === 'P2') ? second : null,
      turns: turns.length,
      roles,
      requirements,
      questions,
      nextSteps: nextSteps.map(({ block: _block, ...step }) => step),
      qualification,
    };
    fs.writeFileSync(path.join(OUT, `${base}.expected.json`), `${JSON.stringify(expected, null, 2)}\n`);
  }
  console.log(`wrote 44 calls to ${path.relative(process.cwd(), OUT)}`);
}

await main();
