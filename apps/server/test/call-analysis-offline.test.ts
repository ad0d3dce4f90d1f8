import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeCallOffline, callAnalysisSchema, citedLineNumbers, parseTranscript, type TranscriptLine } from '@nexa/domain';
import { transcriptTextOf } from '../src/modules/call-analysis/transcript-file.ts';

/**
 * The offline analyzer on realistic calls in both languages (committed fixtures, one per format):
 * what it must find, and every citation pointing at a real line that says what the point says.
 */

const DIR = path.join(import.meta.dirname, 'fixtures/transcripts');
// A Monday: "next Thursday" is the Thursday of the next week, 2026-03-12 (docs/call-analysis.md).
const REFERENCE = new Date('2026-03-02T09:00:00Z');

interface Expectation {
  language: 'en' | 'fr';
  seller: string;
  lines: number;
  questions: RegExp[];
  commercial: string[];
  lead: string;
  meeting: string | null;
  missingTechnical?: string;
}

const FIXTURES: Record<string, Expectation> = {
  'en-discovery-northwind.txt': {
    language: 'en',
    seller: 'Alice Archer',
    lines: 23,
    questions: [/integrate with Salesforce/, /custom objects/, /single sign-on/, /data hosted/],
    commercial: ['Economic buyer', 'Decision process', 'Budget', 'Timeline'],
    lead: 'Hot',
    meeting: '2026-03-12T15:00:00.000Z',
  },
  'en-security-review-helios.vtt': {
    language: 'en',
    seller: 'Sam Rivera',
    lines: 15,
    questions: [/encrypted/, /ISO 27001/, /on-premises/, /audit logs/, /How many users/],
    commercial: ['Decision process'],
    lead: 'Warm',
    meeting: '2026-03-14T10:00:00.000Z',
    missingTechnical: 'SSO',
  },
  'en-pricing-followup-contoso.srt': {
    language: 'en',
    seller: 'Alice Archer',
    lines: 14,
    questions: [/HubSpot integration/],
    commercial: ['Economic buyer', 'Decision process', 'Budget', 'Timeline'],
    lead: 'Hot',
    meeting: '2026-03-10T11:00:00.000Z',
  },
  'en-onboarding-globex.docx': {
    language: 'en',
    seller: 'Alice Archer',
    lines: 11,
    questions: [/Microsoft Teams/, /Entra ID/],
    commercial: ['Economic buyer', 'Budget'],
    lead: 'Hot',
    meeting: '2026-04-02T09:00:00.000Z',
  },
  'fr-decouverte-batiplus.txt': {
    language: 'fr',
    seller: 'Camille Martin',
    lines: 18,
    questions: [/Salesforce et avec notre ERP SAP/, /SSO avec Azure AD/, /hébergées/],
    commercial: ['Décideur économique', 'Budget', 'Calendrier'],
    lead: 'Hot',
    meeting: '2026-03-10T14:00:00.000Z',
  },
  'fr-revue-technique-medica.vtt': {
    language: 'fr',
    seller: 'Léa Dubois',
    lines: 10,
    questions: [/sur site/, /chiffrement/, /SAML ou OpenID/],
    commercial: ['Processus de décision', 'Budget'],
    lead: 'Cold',
    meeting: null,
  },
};

/** Words a cited line must contain for a point of each kind (the checklist's boxes, in its order). */
const SUPPORT: Record<string, RegExp> = {
  'Economic buyer': /decide|decision|CFO|COO|VP|approv/i,
  'Decision process': /decide|decision|approv|committee|recommend/i,
  Budget: /budget|price|€|euros|dollars|\d+k/i,
  Timeline: /march|quarter|go live|trimestre|production/i,
  'Décideur économique': /décision|directeur|DSI/i,
  'Processus de décision': /décision|comité|accord/i,
  Calendrier: /trimestre|production|d'ici/i,
};

async function load(name: string): Promise<TranscriptLine[]> {
  const bytes = fs.readFileSync(path.join(DIR, name));
  return parseTranscript(await transcriptTextOf(name, bytes), name);
}

describe('offline analyzer on the transcript fixtures', () => {
  it('has at least three English and two French fixtures, in every format', () => {
    const names = fs.readdirSync(DIR).filter((n) => !n.endsWith('.mjs'));
    expect(names.filter((n) => n.startsWith('en-')).length).toBeGreaterThanOrEqual(3);
    expect(names.filter((n) => n.startsWith('fr-')).length).toBeGreaterThanOrEqual(2);
    expect(new Set(names.map((n) => path.extname(n)))).toEqual(new Set(['.txt', '.vtt', '.srt', '.docx']));
    expect(Object.keys(FIXTURES).sort()).toEqual(names.sort());
  });

  for (const [name, expected] of Object.entries(FIXTURES)) {
    it(name, async () => {
      const lines = await load(name);
      expect(lines).toHaveLength(expected.lines);
      const result = analyzeCallOffline(lines, {
        language: expected.language,
        referenceDate: REFERENCE,
        sellerName: expected.seller,
      });
      expect(callAnalysisSchema.parse(result)).toEqual(result);
      expect(result.quick).toBe(true);
      expect(result.feedback.technical).toMatch(expected.language === 'fr' ? /^Analyse rapide/ : /^Quick analysis/);
      // Deterministic.
      expect(
        analyzeCallOffline(lines, { language: expected.language, referenceDate: REFERENCE, sellerName: expected.seller }),
      ).toEqual(result);

      // Every citation is a real line.
      for (const n of citedLineNumbers(result)) expect(n >= 1 && n <= lines.length, `line ${n}`).toBe(true);

      // Each prospect question is found, cited at the line that asks it, answered by the seller.
      const questions = result.questions ?? [];
      for (const pattern of expected.questions) {
        const question = questions.find((q) => pattern.test(q.text));
        expect(question, String(pattern)).toBeDefined();
        const asked = lines[question!.lines[0]! - 1]!;
        expect(asked.text).toContain(question!.text.split('?')[0]);
        expect(asked.speaker).not.toBe(expected.seller);
        expect(question!.answerLines.length).toBeGreaterThan(0);
        for (const n of question!.answerLines) expect(lines[n - 1]!.speaker).toBe(expected.seller);
      }
      // Technical requirements are the prospect's words, never the seller's, never a price or sign-off question.
      expect(result.technicalRequirements.length).toBeGreaterThan(0);
      for (const requirement of result.technicalRequirements) {
        const said = lines[requirement.lines[0]! - 1]!;
        expect(said.speaker).not.toBe(expected.seller);
        expect(said.text).toContain(requirement.quote!);
        expect(requirement.question).not.toMatch(/\b(?:price|cost|budget|signs? off|combien coûte)\b/i);
      }

      // Commercial points, each citing lines that support it.
      const titles = result.commercialPoints.map((p) => p.text.split(':')[0]!);
      expect(titles.filter((t) => SUPPORT[t])).toEqual(expected.commercial);
      for (const point of result.commercialPoints) {
        const support = SUPPORT[point.text.split(':')[0]!];
        if (!support) continue;
        expect(point.lines.length).toBeGreaterThan(0);
        expect(
          point.lines.some((n) => support.test(lines[n - 1]!.text)),
          point.text,
        ).toBe(true);
      }

      expect(result.suggestedLeadStatus?.value).toBe(expected.lead);
      expect(result.nextMeeting?.date ?? null).toBe(expected.meeting);
      if (result.nextMeeting)
        expect(lines[result.nextMeeting.lines.at(-1)! - 1]!.text).toMatch(/meet|call|talk|revoit|follow-up/i);
      if (expected.missingTechnical) expect(result.feedback.technical).toContain(expected.missingTechnical.toLowerCase());
      expect(result.technicalScore.score).toBeGreaterThan(5);
    });
  }
});
