import {
  OUTCOME_OF_STAGE,
  instantOfWallTime,
  quarterStart,
  seededRandom,
  withStage,
  type Outcome,
  type Random,
} from '@nexa/domain';
import type { opportunities } from './schema.ts';

type NewOpportunity = typeof opportunities.$inferInsert;

// One place for generated data: the demo seed, the tests and the benchmarks all use it.

export const SAMPLE_PRODUCTS = [
  'CRM Platform',
  'Marketing Suite',
  'Analytics Platform',
  'Sales Automation',
  'Support Desk',
] as const;

const PRODUCTS = [...SAMPLE_PRODUCTS, 'Data Pipeline', 'Edge Gateway', 'Identity Hub'] as const;
// Status texts as CRMs and language models write them: the pipeline rule reads every one.
const STATUSES: Readonly<Record<Outcome, readonly string[]>> = {
  open: ['On-going', 'On-going', 'Negotiation', 'Qualified', 'Proposal sent', 'New'],
  won: ['Closed-Win', 'Closed Won', 'Won', 'Gagné'],
  lost: ['Closed-Lost', 'lost', 'Perdu'],
};
const LEAD_STATUSES = [
  'Hot Lead',
  'Warm Lead',
  'Cold Lead',
  'Qualified',
  'Disqualified',
  'Pending',
  'Hot',
  'Warm',
  'Cold',
] as const;
const INDUSTRIES = [
  'Manufacturing',
  'Healthcare',
  'Financial Services',
  'Logistics',
  'Energy',
  'Retail',
  'Telecommunications',
  'Software',
] as const;
const SIZES = ['11-50', '51-200', '201-500', '501-1000', '1001-5000', '5000+'] as const;
const COMPANY_FIRST = [
  'Northwind',
  'Helios',
  'Bluepeak',
  'Quantix',
  'Verdant',
  'Ironclad',
  'Lumen',
  'Cobalt',
  'Meridian',
  'Arcadia',
  'Solstice',
  'Tidewater',
  'Granite',
  'Nimbus',
  'Aurora',
] as const;
const COMPANY_LAST = [
  'Systems',
  'Logistics',
  'Health',
  'Energy',
  'Robotics',
  'Analytics',
  'Networks',
  'Foods',
  'Capital',
  'Labs',
] as const;
const CONTACT_FIRST = [
  'Claire',
  'Omar',
  'Priya',
  'Lucas',
  'Hannah',
  'Mateo',
  'Sofia',
  'Daniel',
  'Amélie',
  'Kenji',
  'Fatima',
  'Noah',
] as const;
const CONTACT_LAST = [
  'Bernard',
  'Haddad',
  'Nair',
  'Moreau',
  'Schmidt',
  'Rossi',
  'Kowalski',
  'Okafor',
  'Lambert',
  'Tanaka',
] as const;

const TECH_QA = [
  [
    'Does the platform integrate with Salesforce and HubSpot?',
    'Yes, native bidirectional connectors for both, syncing every 5 minutes, with field mapping configured in the admin console.',
  ],
  [
    'Do you support SSO with Okta or Azure AD?',
    'SAML 2.0 and OIDC are supported; SCIM provisioning is available on the Enterprise plan.',
  ],
  [
    'Where is the data hosted?',
    "In EU (Frankfurt) or US (Virginia) regions at the customer's choice; data never leaves the chosen region.",
  ],
  [
    'What volumes can the API handle?',
    'The ingestion API sustains 2,000 events per second per tenant, with bursts buffered for up to 24 hours.',
  ],
  [
    'Is an on-premise deployment possible?',
    "A private-cloud deployment on the customer's Kubernetes cluster is offered, with quarterly updates.",
  ],
  ['How is data encrypted?', 'AES-256 at rest with customer-managed keys as an option, TLS 1.3 in transit.'],
  [
    'What is the typical implementation timeline?',
    'Four to six weeks: two for integration, two for configuration and one to two for training.',
  ],
  ['Can we export our data?', 'Full exports in CSV and Parquet at any time, plus a read-only SQL replica on request.'],
] as const;

const COMMERCIAL_POINTS = [
  ['Budget', 'Budget of {amount} approved for this fiscal year; procurement needs three quotes.'],
  ['Decision makers', 'The VP Sales signs off; the IT director holds a veto on security.'],
  ['Timeline', 'They want to go live before the end of next quarter to support the new sales team.'],
  ['Competition', 'Also evaluating two competitors; our integration depth is the main differentiator.'],
  ['Pain points', 'Reps spend 6 hours a week writing call notes and technical answers are lost between calls.'],
  ['Pricing', 'Asked for a per-seat price with a volume discount above 50 seats.'],
  ['Next steps', 'Send the security questionnaire and schedule a technical deep-dive with their architect.'],
] as const;

const FEEDBACK = [
  'Good discovery of the technical requirements. Confirm the budget owner earlier and summarise next steps before closing the call.',
  'Strong handling of the security questions. Ask more open questions about their current process before presenting features.',
  'Clear demo, but the pricing discussion came too early. Quantify the value first, then anchor the price.',
  'Excellent rapport with the champion. Map the other stakeholders and find who can block the deal.',
] as const;

function pickMany<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length) chosen.push(pool.splice(random.int(0, pool.length - 1), 1)[0]!);
  return chosen;
}

const DAY = 86_400_000;
const usd = (n: number) => `$${n.toLocaleString('en-US')}`;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayStart = (ms: number) => Math.floor(ms / DAY) * DAY;

export interface OpportunityOptions {
  ownerId: string | null;
  accountManager: string;
  now?: Date;
  /** The representative's zone: meetings fall in its business hours (9:00–17:00, Monday to Friday). */
  timeZone?: string;
}

/** A company keeps one industry across its deals, as a CRM's account record does. */
function industryOf(company: string): string {
  let hash = 0;
  for (const ch of company) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return INDUSTRIES[hash % INDUSTRIES.length]!;
}

/** A weekday meeting between 9:00 and 16:30 in the zone, on the day `days` from today (moved off weekends). */
function businessMeeting(random: Random, now: Date, days: number, timeZone: string): Date {
  const day = new Date(dayStart(now.getTime()) + days * DAY);
  const weekday = day.getUTCDay();
  const shift = weekday === 6 ? (days >= 0 ? 2 : -1) : weekday === 0 ? (days >= 0 ? 1 : -2) : 0;
  day.setUTCDate(day.getUTCDate() + shift);
  const minute = random.int(18, 33) * 30; // 9:00 … 16:30
  return new Date(instantOfWallTime(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), minute, timeZone));
}

/**
 * A realistic opportunity with call analysis in the formats the workspace parsers read, telling a
 * believable quarter: won and lost deals closed in the past (a won deal in two within this quarter,
 * up to today), their meetings held before they closed; open deals with a meeting ahead and an
 * expected close date; every company with its industry.
 */
export function makeOpportunity(
  random: Random,
  { ownerId, accountManager, now = new Date(), timeZone = 'UTC' }: OpportunityOptions,
): NewOpportunity {
  const company = `${random.pick(COMPANY_FIRST)} ${random.pick(COMPANY_LAST)}`;
  const amount = random.int(10, 400) * 500;
  const roll = random.int(1, 100);
  const outcome: Outcome = roll <= 25 ? 'won' : roll <= 40 ? 'lost' : 'open';
  const status = random.pick(STATUSES[outcome]);
  const today = dayStart(now.getTime());
  let recordDate: number;
  let closingDate: string;
  let meeting: Date;
  if (outcome === 'open') {
    recordDate = today - random.int(0, 120) * DAY + random.int(9, 17) * 3_600_000;
    closingDate = isoDay(today + random.int(15, 90) * DAY);
    // Most open deals have their next meeting ahead; some had one recently and none is set yet.
    meeting = businessMeeting(random, now, random.chance(0.8) ? random.int(1, 30) : -random.int(1, 14), timeZone);
  } else {
    const quarter = Date.parse(`${quarterStart(now)}T00:00:00Z`);
    const closing =
      outcome === 'won' && random.chance(0.5)
        ? quarter + random.int(0, Math.round((today - quarter) / DAY)) * DAY
        : today - random.int(1, 150) * DAY;
    const cycle = random.int(10, 90);
    recordDate = closing - cycle * DAY + random.int(9, 17) * 3_600_000;
    closingDate = isoDay(closing);
    meeting = businessMeeting(random, new Date(closing), -random.int(1, Math.min(cycle, 10)), timeZone);
    if (meeting.getTime() > now.getTime()) meeting = new Date(recordDate);
  }
  const qa = pickMany(random, TECH_QA, random.int(3, 6));
  const points = pickMany(random, COMMERCIAL_POINTS, random.int(3, 6));
  const technical = random.int(30, 100) / 10;
  const commercial = random.int(30, 100) / 10;
  const row = withStage({
    owner_id: ownerId,
    account_manager: accountManager,
    product: random.pick(PRODUCTS),
    status,
    lead_status: random.pick(LEAD_STATUSES),
    amount,
    client_company_name: company,
    client_name: `${random.pick(CONTACT_FIRST)} ${random.pick(CONTACT_LAST)}`,
    next_meeting_date: meeting,
    closing_date: closingDate,
    company_industry: industryOf(company),
    company_size: random.pick(SIZES),
    domain_website: `${company.toLowerCase().replace(/\s+/g, '')}.com`,
    company_summary: `${company} is a ${random.pick(SIZES)}-person company modernising how its technical teams work with customers.`,
    record_date: new Date(recordDate),
    technical_scoring: technical,
    commercial_scoring: commercial,
    technical_answers: qa.map(([q, r]) => `Question: ${q}\nResponse: ${r}`).join('\n\n'),
    commercial_answers: points
      .map(([title, text], i) => `${i + 1}- ${title}: ${text.replace('{amount}', usd(amount))}`)
      .join('\n'),
    technical_feedback: random.pick(FEEDBACK),
    commercial_feedback: random.pick(FEEDBACK),
    technical_attached_file: null,
  });
  if (OUTCOME_OF_STAGE[row.stage] !== outcome) throw new Error(`factory status ${status} does not read as ${outcome}`);
  return row;
}

export function makeOpportunities(count: number, options: OpportunityOptions & { seed: number }): NewOpportunity[] {
  const random = seededRandom(options.seed);
  return Array.from({ length: count }, () => makeOpportunity(random, options));
}
