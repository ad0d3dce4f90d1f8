import * as chrono from 'chrono-node';

/**
 * Dates and times said in a call, in English or French ("next Tuesday at 3", "d'ici fin mars",
 * "go-live in Q2"), read against a reference date with chrono-node and three small additions
 * chrono lacks: quarters (Q2, T2, "deuxième trimestre"), French "fin mars" / "début avril", and
 * a bare business hour ("at 3" in a call is 3 pm, not 3 am). Times are taken as UTC: a transcript
 * does not say its time zone.
 */

export interface SaidDate {
  /** ISO date-time. */
  date: string;
  /** The words that said it. */
  text: string;
  /** Whether a time of day was said (not only a day). */
  hasTime: boolean;
}

const QUARTER_END: Record<number, { month: number; day: number }> = {
  1: { month: 3, day: 31 },
  2: { month: 6, day: 30 },
  3: { month: 9, day: 30 },
  4: { month: 12, day: 31 },
};
const ORDINAL: Record<string, number> = {
  premier: 1,
  first: 1,
  deuxième: 2,
  second: 2,
  troisième: 3,
  third: 3,
  quatrième: 4,
  fourth: 4,
};

/** "Q2", "Q2 2027", "T3", "2nd quarter", "deuxième trimestre": the quarter's last day (a go-live "in Q2" is due by then). */
const quarterParser: chrono.Parser = {
  pattern: () =>
    /(?<![\p{L}\p{N}])(?:(?:q|t)([1-4])(?:\s*(20\d\d))?|(premier|first|deuxième|second|troisième|third|quatrième|fourth|[1-4](?:st|nd|rd|th|e|er)?)\s+(?:quarter|trimestre)(?:\s+(?:de\s+|of\s+)?(20\d\d))?)(?![\p{L}\p{N}])/iu,
  extract: (context, match) => {
    const raw = (match[1] ?? match[3] ?? '').toLowerCase();
    const quarter = ORDINAL[raw] ?? Number.parseInt(raw, 10);
    if (!(quarter >= 1 && quarter <= 4)) return null;
    const ref = context.reference.instant;
    let year = Number(match[2] ?? match[4]) || ref.getUTCFullYear();
    const end = QUARTER_END[quarter]!;
    if (!match[2] && !match[4] && Date.UTC(year, end.month - 1, end.day) < ref.getTime()) year += 1;
    return { day: end.day, month: end.month, year };
  },
};

const MONTHS_FR: Record<string, number> = {
  janvier: 1,
  février: 2,
  fevrier: 2,
  mars: 3,
  avril: 4,
  mai: 5,
  juin: 6,
  juillet: 7,
  août: 8,
  aout: 8,
  septembre: 9,
  octobre: 10,
  novembre: 11,
  décembre: 12,
  decembre: 12,
};

/** "fin mars", "d'ici fin mars", "début avril", "mi-juin": chrono's French has none of them. */
const frenchMonthPartParser: chrono.Parser = {
  pattern: () =>
    /(?<![\p{L}\p{N}])(fin|début|debut|mi)[- ](?:de\s+|d')?(janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre)(?:\s+(20\d\d))?(?![\p{L}\p{N}])/iu,
  extract: (context, match) => {
    const month = MONTHS_FR[match[2]!.toLowerCase()]!;
    const ref = context.reference.instant;
    let year = Number(match[3]) || ref.getUTCFullYear();
    const part = match[1]!.toLowerCase();
    const day = part === 'fin' ? new Date(Date.UTC(year, month, 0)).getUTCDate() : part === 'mi' ? 15 : 1;
    if (!match[3] && Date.UTC(year, month - 1, day) < ref.getTime()) year += 1;
    return { day: new Date(Date.UTC(year, month, 0)).getUTCDate() < day ? 28 : day, month, year };
  },
};

/** A bare hour from 1 to 7 with no am/pm ("at 3", "à 3h") is an afternoon meeting in a business call. */
const businessHourRefiner: chrono.Refiner = {
  refine: (_context, results) => {
    for (const result of results) {
      const start = result.start;
      const hour = start.get('hour');
      if (start.isCertain('hour') && !start.isCertain('meridiem') && hour !== null && hour >= 1 && hour <= 7) {
        start.assign('hour', hour + 12);
      }
    }
    return results;
  },
};

function build(base: chrono.Chrono): chrono.Chrono {
  const custom = base.clone();
  custom.parsers.push(quarterParser, frenchMonthPartParser);
  custom.refiners.push(businessHourRefiner);
  return custom;
}

const PARSERS = { en: build(chrono.en.casual), fr: build(chrono.fr.casual) };

/** Words chrono reads as dates although, in a call, they are not ("give me a second"). */
const NOT_A_DATE =
  /^(?:now|maintenant|a|an|one|un|une|sec|second|seconde|minute|may|mai|march|(?:(?:in|dans)\s+)?(?:a|an|one|une?|quelques|few|a few)\s+(?:secs?|seconds?|secondes?|minutes?|moments?|instants?))$/i;

const utcDay = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());

/** Every date said in a line, in order; both languages are tried (calls mix them). */
export function datesIn(said: string, reference: Date): SaidDate[] {
  // chrono's French knows "aujourd'hui", not the typographic apostrophe most transcripts use.
  const text = said.replace(/[’‘]/g, "'");
  const spans: Array<{ at: number; end: number; said: SaidDate }> = [];
  for (const parser of [PARSERS.en, PARSERS.fr]) {
    for (const result of parser.parse(text, { instant: reference, timezone: 0 }, { forwardDate: true })) {
      if (NOT_A_DATE.test(result.text.trim())) continue;
      // "a d" in "il a débordé": no digit and no real word is no date.
      if (!/\d/.test(result.text) && !/\p{L}{3,}/u.test(result.text)) continue;
      // "at 3" alone (no day) is an hour of today: only meaningful beside a day.
      if (!result.start.isCertain('day') && !result.start.isCertain('weekday') && !result.start.isCertain('month')) {
        if (!/q[1-4]|t[1-4]|trimestre|quarter|tomorrow|demain|today|aujourd/i.test(result.text)) continue;
      }
      const at = result.index;
      const end = at + result.text.length;
      // The longer reading wins where the two languages overlap ("mardi prochain à 15h" over "15h").
      const overlapping = spans.filter((s) => at < s.end && s.at < end);
      if (overlapping.some((s) => s.end - s.at >= end - at)) continue;
      for (const s of overlapping) spans.splice(spans.indexOf(s), 1);
      let date = result.start.date();
      // "Next Thursday" said on a Monday is this coming Thursday to most speakers; chrono reads the week after.
      if (
        result.start.isCertain('weekday') &&
        /\b(?:next|prochain|prochaine)\b/i.test(result.text) &&
        utcDay(date) - utcDay(reference) > 7 * 86_400_000
      ) {
        date = new Date(date.getTime() - 7 * 86_400_000);
      }
      spans.push({ at, end, said: { date: date.toISOString(), text: result.text, hasTime: result.start.isCertain('hour') } });
    }
  }
  return spans.sort((a, b) => a.at - b.at).map((s) => s.said);
}
