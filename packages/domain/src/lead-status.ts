import type { Stage } from './pipeline-model.ts';

/** Lead-status rules of the workspaces (colours are names the UI maps to classes). */

export type Tone = 'red' | 'orange' | 'yellow' | 'green' | 'blue' | 'amber' | 'grey';

const TEMPERATURES = ['hot', 'warm', 'cold'] as const;

const has = (value: string | null | undefined, word: string) => (value ?? '').toLowerCase().includes(word);

/** HOT / WARM / COLD when the text contains the word; otherwise the text; N/A when empty. */
export function leadTemperature(leadStatus: string | null | undefined): string {
  const value = (leadStatus ?? '').trim();
  if (!value) return 'N/A';
  for (const word of TEMPERATURES) if (has(value, word)) return word.toUpperCase();
  return value;
}

/**
 * What a lead-status filter compares: the temperature (HOT, WARM, COLD) when the text names one, so
 * "Cold" and "Cold Lead" find the same deals; otherwise the text itself, in upper case.
 */
export function leadStatusKey(leadStatus: string): string {
  return leadTemperature(leadStatus).toUpperCase();
}

/** leadStatusKey as SQL over a text column (the list's filter), the same words in the same order. */
export function leadStatusKeySql(column: string): string {
  const whens = TEMPERATURES.map((word) => `WHEN lower(${column}) LIKE '%${word}%' THEN '${word.toUpperCase()}'`);
  return `CASE ${whens.join(' ')} ELSE upper(btrim(${column})) END`;
}

/**
 * One lead status per badge shown: "Warm" and "Warm Lead" both read WARM, so the first is kept. The
 * meaning is the filter's key (leadStatusKey), so each option kept filters the deals the others would.
 */
export function distinctLeadStatuses(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const meaning = leadStatusKey(value);
    if (seen.has(meaning)) return false;
    seen.add(meaning);
    return true;
  });
}

/** Badge colour by keyword: hot red, warm orange, cold blue, won green, lost red, else grey. */
export function leadBadgeTone(leadStatus: string | null | undefined): Tone {
  if (has(leadStatus, 'hot')) return 'red';
  if (has(leadStatus, 'warm')) return 'orange';
  if (has(leadStatus, 'cold')) return 'blue';
  if (has(leadStatus, 'won')) return 'green';
  if (has(leadStatus, 'lost')) return 'red';
  return 'grey';
}

/**
 * Calendar dot colour: warm yellow, hot red, qualified green, unqualified red, new blue,
 * contacted yellow, other grey. "Unqualified" and "Disqualified" contain "qualified", so they
 * are checked first (a disqualified lead is not a green one).
 */
export function meetingDotTone(leadStatus: string | null | undefined): Tone {
  if (has(leadStatus, 'warm')) return 'yellow';
  if (has(leadStatus, 'hot')) return 'red';
  if (has(leadStatus, 'unqualified') || has(leadStatus, 'disqualified')) return 'red';
  if (has(leadStatus, 'qualified')) return 'green';
  if (has(leadStatus, 'new')) return 'blue';
  if (has(leadStatus, 'contacted')) return 'yellow';
  return 'grey';
}

/** Activity marks: CLOSED WON, CLOSED LOST, the temperature, or "?" when unknown. */
export function activityMark(leadStatus: string | null | undefined): string {
  if (has(leadStatus, 'won')) return 'CLOSED WON';
  if (has(leadStatus, 'lost')) return 'CLOSED LOST';
  const temperature = leadTemperature(leadStatus);
  return temperature === 'HOT' || temperature === 'WARM' || temperature === 'COLD' ? temperature : '?';
}

const STAGE_ICON_TONE: Readonly<Record<Stage, 'amber' | 'green' | 'red' | 'info'>> = {
  New: 'info',
  Qualified: 'amber',
  Proposal: 'info',
  Negotiation: 'amber',
  'Closed-Win': 'green',
  'Closed-Lost': 'red',
};

/**
 * Status icon and badge colour, from the stored stage (never the text, so a badge cannot say won
 * while the figures count the deal open): negotiation/qualified amber, won green, lost red, else info.
 */
export function statusIconTone(stage: Stage): 'amber' | 'green' | 'red' | 'info' {
  return STAGE_ICON_TONE[stage];
}
