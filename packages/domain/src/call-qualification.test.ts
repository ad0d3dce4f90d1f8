import { describe, expect, it } from 'vitest';
import { analyzeCallOffline } from './call-analyzer.ts';
import { alignWithChecklist, BOX_TITLES, checklistOf, emptyBoxes, qualifyCall, statesMoney } from './call-qualification.ts';
import {
  callAnalysisSchema,
  QUALIFICATION_BOXES,
  migrateQualification,
  migrateStoredAnalysis,
  qualificationSchema,
  type QualificationBox,
  type TranscriptLanguage,
} from './schemas/call-insights.ts';
import { readCallAnalysis } from './stored-call-evidence.ts';
import { parseTranscript, type TranscriptLine } from './transcript.ts';

/** A two-person call: "Sam" sells, "Dana" buys. */
const call = (...turns: string[]) =>
  parseTranscript(turns.map((t, i) => (t.includes(': ') ? t : `${i % 2 ? 'Dana' : 'Sam'}: ${t}`)).join('\n'));
const roleOf = (l: TranscriptLine) => (l.speaker === 'Sam' || l.speaker === 'Julie' ? 'rep' : 'prospect');
const ticked = (lines: TranscriptLine[]) => QUALIFICATION_BOXES.filter((box) => qualifyCall(lines, roleOf)[box].ticked);

// Sentences written for this test, in none of the bench sets.
const CASES: Array<[QualificationBox, TranscriptLanguage | 'qc', string]> = [
  ['economicBuyer', 'en', 'Anything above a hundred K needs our COO, Priya Shah, to sign.'],
  ['economicBuyer', 'en', 'My director holds the budget for the warehouse tooling.'],
  ['economicBuyer', 'fr', "C'est notre directrice financière qui signe au-delà de trente mille euros."],
  ['economicBuyer', 'qc', "C'est le boss qui tient les cordons de la bourse, nous autres on donne notre avis."],
  ['champion', 'en', "I'm the one driving this internally, and I'll take it to the leadership offsite."],
  ['champion', 'fr', "C'est moi qui porte le dossier auprès de la direction depuis le printemps."],
  ['champion', 'qc', "Inquiète-toi pas, c'est moi qui pousse ça à l'interne."],
  ['competition', 'en', "We're also looking at Gong, and a reseller pitched us something cheaper."],
  ['competition', 'fr', 'On regarde aussi Modjo, ils nous ont fait une démo la semaine dernière.'],
  ['competition', 'qc', "On a eu une offre d'un intégrateur de Laval, pis on regarde aussi une solution maison."],
  ['paperProcess', 'en', 'Legal needs two weeks for the MSA once the pricing is agreed.'],
  ['paperProcess', 'fr', 'Ensuite notre juridique relit le contrat-cadre, comptez trois semaines.'],
  ['paperProcess', 'qc', "L'entente va passer par l'approvisionnement, pis notre avocate va la relire."],
  ['metrics', 'en', 'We lose 20 hours a week reconciling the carrier invoices.'],
  ['metrics', 'fr', 'On perd à peu près quinze heures par semaine à rapprocher les bons de livraison.'],
  ['metrics', 'qc', 'Ça nous coûte autour de quarante mille piastres par année en heures supplémentaires.'],
  ['metrics', 'fr', 'On perd une vingtaine d’heures par semaine à ressaisir les commandes.'],
  ['metrics', 'en', 'It takes a dozen people about three days to close the month.'],
  ['identifyPain', 'en', 'We lose 20 hours a week reconciling the carrier invoices.'],
  ['identifyPain', 'fr', 'Le problème, c’est que tout se fait à la main dans des tableurs.'],
  ['identifyPain', 'qc', 'Le système plante à chaque fin de mois, pis on perd des commandes.'],
  ['budget', 'en', "We've set aside roughly ninety thousand dollars for year one."],
  ['budget', 'en', 'Finance approved CA$ 75,000 for the rollout.'],
  ['budget', 'fr', 'On a une enveloppe de 40 k€ pour la première année.'],
  ['budget', 'fr', 'Nous avons cent mille euros prévus au budget.'],
  ['budget', 'qc', 'On a deux cent mille piastres pour tout le projet.'],
  ['budget', 'en', 'We can go to CHF 120,000, not more.'],
  ['budget', 'en', 'The ceiling is £60k for the first twelve months.'],
  ['budget', 'en', 'We can spend up to 80k on this, all in.'],
  ['timeline', 'en', 'We need it live before the end of the third quarter.'],
  ['timeline', 'fr', 'On voudrait démarrer en septembre, avant la rentrée des équipes.'],
  ['timeline', 'qc', 'Faut que ça roule avant le rush des Fêtes, au plus tard.'],
  ['decisionProcess', 'en', 'Once the pilot is done, the steering committee votes and then procurement takes over.'],
  ['decisionProcess', 'fr', 'Je fais une recommandation, puis ça passe au comité de direction du mois prochain.'],
  ['decisionProcess', 'qc', "Moi je recommande, pis c'est le conseil qui décide."],
  ['decisionCriteria', 'en', 'Whoever integrates cleanly with our WMS wins, that is non-negotiable.'],
  ['decisionCriteria', 'fr', 'Ce qui va trancher, ce sont les délais de mise en place et la réversibilité.'],
  ['decisionCriteria', 'qc', "Les critères, c'est le support en français pis le coût sur trois ans."],
];

describe('the qualification checklist', () => {
  it.each(CASES)('ticks %s from a buyer line (%s): %s', (box, _language, sentence) => {
    const lines = call('Sam: Thanks for joining.', `Dana: ${sentence}`);
    const found = qualifyCall(lines, roleOf)[box];
    expect(found).toMatchObject({ ticked: true, lines: [2] });
    // The quote is the buyer's own words, from the cited line.
    expect(sentence).toContain(found.quote);
  });

  it('reads money lost today as a metric, not a budget, and "holds the budget" as a person', () => {
    const lines = call(
      'Sam: Thanks for joining.',
      'Dana: Every outage costs us around forty thousand dollars in penalties.',
      'Sam: I see.',
      'Dana: No problem on our side. Our CFO holds the budget.',
    );
    const checklist = qualifyCall(lines, roleOf);
    expect(checklist.budget.ticked).toBe(false);
    expect(checklist.metrics).toMatchObject({ ticked: true, lines: [2] });
    expect(checklist.economicBuyer).toMatchObject({ ticked: true, lines: [4] });
    expect(checklist.identifyPain.lines).not.toContain(4);
  });

  it('never ticks a box from the seller, a question or small talk', () => {
    const lines = call(
      'Julie: Anything above a hundred K needs our CFO to sign, that is how we work at our company.',
      'Dana: Who else are you working with? Do you have a budget for this?',
      'Julie: Our list price is $40k a year and we lose no time reconciling.',
      'Dana: How was your weekend, did you see the match?',
    );
    expect(ticked(lines)).toEqual([]);
  });

  it('takes the buyer’s reply to a seller’s qualifying question as the evidence', () => {
    const lines = call('Sam: Who signs off on a purchase like this?', 'Dana: Marco, our managing partner.');
    expect(qualifyCall(lines, roleOf).economicBuyer).toMatchObject({ ticked: true, lines: [2] });
  });

  it('reads money in any currency and spoken form, and a count as no money', () => {
    for (const money of [
      'a hundred K',
      'cent mille euros',
      '40 k€',
      'deux cent mille piastres',
      '$250,000',
      '€ 90 000',
      '£1.2m',
      'CHF 45’000',
      'CA$ 30,000',
      'two hundred and fifty grand',
      'four hundred and twenty thousand euros',
      'un budget de cinquante mille par année',
    ])
      expect(statesMoney(`It is around ${money}.`), money).toBe(true);
    for (const count of ['twelve thousand concurrent players', 'cent mille demandes par an', '20 hours a week', '99.9 % uptime'])
      expect(statesMoney(`We have ${count}.`), count).toBe(false);
  });
});

describe('stored analyses', () => {
  it('an analysis stored with authority and need reads as economic buyer and pain, the new boxes unticked', () => {
    const box = (ticked: boolean, lines: number[] = []) => ({ ticked, text: ticked ? 'said' : null, lines });
    const old = {
      budget: box(true, [4]),
      authority: box(true, [5]),
      need: box(true, [2]),
      timeline: box(false),
      decisionProcess: box(false),
      champion: box(false),
    };
    const parsed = qualificationSchema.parse(migrateQualification(old));
    // A whole stored result migrates the same way, and still validates.
    const stored = migrateStoredAnalysis({ qualification: old, language: 'en' }) as { qualification: unknown };
    expect(stored.qualification).toEqual(parsed);
    expect(Object.keys(parsed).sort()).toEqual([...QUALIFICATION_BOXES].sort());
    expect(parsed.economicBuyer).toEqual(box(true, [5]));
    expect(parsed.identifyPain).toEqual(box(true, [2]));
    expect(parsed.metrics).toEqual(box(false));
    expect('authority' in parsed).toBe(false);
  });
});

const AGREEMENT_CALL = [
  'Sam: Thanks for making time. What prompted the search?',
  'Dana: We lose 20 hours a week reconciling carrier invoices by hand.',
  'Sam: Who signs off on this kind of purchase?',
  'Dana: Anything above a hundred K needs our COO, Priya Shah, to sign.',
  "Dana: We're also looking at Gong.",
  "Sam: Great. I'll send the proposal on Friday.",
];

describe('one checklist: the score, the feedback and the coaching agree', () => {
  it.each(['en', 'fr'] as const)('on the same analysis (%s)', (language) => {
    const lines = parseTranscript(AGREEMENT_CALL.join('\n'));
    const analysis = analyzeCallOffline(lines, {
      language,
      referenceDate: new Date('2026-11-23T10:00:00Z'),
      sellerName: 'Sam',
    });
    const checklist = checklistOf(callAnalysisSchema.parse(analysis))!;
    const titles = BOX_TITLES[language];
    const found = QUALIFICATION_BOXES.filter((box) => checklist[box].ticked);
    const missing = emptyBoxes(checklist);
    expect(found).toEqual(expect.arrayContaining(['metrics', 'identifyPain', 'economicBuyer', 'competition']));
    expect(missing).toEqual(expect.arrayContaining(['timeline', 'champion']));

    // The score: a "found in the call" reason for each ticked box, and "Not discussed" lists exactly the others.
    const reasons = analysis.commercialScore.reasons.map((r) => r.text);
    const notDiscussed = reasons.find((r) => /^(?:Not discussed: |Non abordé : )/.test(r))!;
    expect(notDiscussed.replace(/^(?:Not discussed: |Non abordé : )/, '').split(', ')).toEqual(missing.map((b) => titles[b]));
    for (const box of found) expect(reasons.some((r) => r.startsWith(titles[box]) && r !== notDiscussed)).toBe(true);

    // The feedback: "Qualify what is missing" names the same boxes, and never a ticked one.
    for (const box of missing) expect(analysis.feedback.commercial.toLowerCase()).toContain(titles[box].toLowerCase());
    const qualify = analysis.feedback.commercial.slice(analysis.feedback.commercial.search(/Qualif/));
    for (const box of found) expect(qualify.toLowerCase()).not.toContain(`${titles[box].toLowerCase()},`);

    // The manager's coaching, from the stored analysis: empty exactly where the checklist is.
    const reading = readCallAnalysis({
      id: 'a',
      opportunityId: 1,
      createdAt: '2026-11-23T10:00:00Z',
      result: JSON.parse(JSON.stringify(analysis)),
      transcriptLines: AGREEMENT_CALL,
    });
    for (const box of QUALIFICATION_BOXES) expect(reading.filled[box], box).toBe(checklist[box].ticked);
  });

  it('a box the citation check unticks leaves the "found" reasons and joins "Not discussed"', () => {
    const lines = parseTranscript(AGREEMENT_CALL.join('\n'));
    const analysis = analyzeCallOffline(lines, { language: 'en', referenceDate: new Date('2026-11-23T10:00:00Z') });
    const unticked = {
      ...analysis,
      qualification: { ...analysis.qualification!, competition: { ticked: false, text: null, lines: [] } },
    };
    const aligned = alignWithChecklist(unticked);
    const reasons = aligned.commercialScore.reasons.map((r) => r.text);
    expect(reasons.some((r) => r.startsWith('Competition: found'))).toBe(false);
    expect(reasons.find((r) => r.startsWith('Not discussed: '))).toContain('Competition');
  });
});
