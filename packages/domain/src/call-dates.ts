import * as chrono from 'chrono-node';
import { instantOfWallTime, wallTimeIn } from './slots.ts';
import { isTimeZone } from './time-zone.ts';

/**
 * Dates and times said in a call, in English or French ("next Tuesday at 3", "d'ici fin mars",
 * "go-live in Q2"), read against a reference date with chrono-node and three small additions
 * chrono lacks: quarters (Q2, T2, "deuxième trimestre"), French "fin mars" / "début avril", and
 * a bare business hour ("at 3" in a call is 3 pm, not 3 am).
 *
 * On top of chrono, the phrases a call uses to fix a day, read by this module's own rules (they
 * win where they overlap chrono's reading): ordinal days without a month ("the ninth", "by the
 * twelfth", "le vingt-huit" — the next such day on or after the call; "Wednesday the sixteenth",
 * "jeudi le dix-neuf" — the month where weekday and day agree), "Friday after next", "mardi en
 * huit", "next Friday" / "vendredi prochain" (the Friday of the next calendar week), a bare
 * weekday ("by Friday" said on a Friday is the next Friday), "in two weeks", "dans quinze jours",
 * "this week" / "cette semaine" (that week's Friday), "next week" / "la semaine prochaine" (next
 * week's Friday), end of month / quarter / year, "early next month" / "début du mois prochain"
 * (its first day). "Next month" / "le mois prochain" alone names no day: it is read as a vague
 * date (`vague`, no `date` a rep could be held to).
 *
 * Days are counted in the representative's zone (`timeZone`, UTC when unknown) from the call's own
 * date. A time of day is a wall time in the zone said beside it ("4pm London time", "10 h heure de
 * Montréal", "nine Eastern"), else in the representative's zone; the instant returned is exact,
 * so the day it falls on for the representative may differ from the day said. A day without a
 * time is returned as noon of that day in the representative's zone. A duration ("for two weeks",
 * "over the last eighteen months", "depuis dix-huit mois") is never a date, and no date before
 * the call's day is returned (a past event is not a due date).
 */

export interface SaidDate {
  /** ISO date-time (the instant; noon in the representative's zone when no time was said). */
  date: string;
  /** The day it falls on in the representative's zone, YYYY-MM-DD. */
  day: string;
  /** Where the words start and end in the line. */
  at: number;
  end: number;
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
const QUARTER_SAID =
  /(?<![\p{L}\p{N}])(?:(?:q|t)([1-4])(?:\s*(20\d\d))?|(premier|first|deuxième|second|troisième|third|quatrième|fourth|[1-4](?:st|nd|rd|th|e|er)?)\s+(?:quarter|trimestre)(?:\s+(?:de\s+|of\s+)?(20\d\d))?)(?![\p{L}\p{N}])/iu;
const quarterParser: chrono.Parser = {
  pattern: () => QUARTER_SAID,
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

/** "fin mars", "d'ici fin mars", "début avril", "mi-juin": chrono's French has none of them. */
const FRENCH_MONTH_PART =
  /(?<![\p{L}\p{N}])(fin|début|debut|mi)[- ](?:de\s+|d')?(janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre)(?:\s+(20\d\d))?(?![\p{L}\p{N}])/iu;
const frenchMonthPartParser: chrono.Parser = {
  pattern: () => FRENCH_MONTH_PART,
  extract: (context, match) => {
    const month = MONTHS[match[2]!.toLowerCase()]!;
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

/** chrono's relative spans ("twelve months", "nine days after", "next year"): this module reads the ones that are dates itself. */
const CHRONO_UNIT =
  /\b(?:days?|weeks?|months?|years?|fortnight|jours?|semaines?|mois|ans?|années?|quinzaine|hours?|heures?|minutes?|ago)\b|\b(?:last|dernier|dernière|passé|yesterday|hier)\b/i;

const DAY_MS = 86_400_000;

// ——— Numbers said as words ———

const EN_ORDINALS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
  'twentieth',
];
const FR_NUMBERS = [
  'un',
  'deux',
  'trois',
  'quatre',
  'cinq',
  'six',
  'sept',
  'huit',
  'neuf',
  'dix',
  'onze',
  'douze',
  'treize',
  'quatorze',
  'quinze',
  'seize',
  'dix-sept',
  'dix-huit',
  'dix-neuf',
  'vingt',
];
const EN_CARDINALS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const DAY_WORDS = new Map<string, number>();
EN_ORDINALS.forEach((w, i) => DAY_WORDS.set(w, i + 1));
FR_NUMBERS.forEach((w, i) => DAY_WORDS.set(w, i + 1));
DAY_WORDS.set('premier', 1).set('1er', 1).set('thirtieth', 30).set('trente', 30);
for (let i = 1; i <= 9; i += 1) {
  DAY_WORDS.set(`twenty-${EN_ORDINALS[i - 1]}`, 20 + i).set(`twenty ${EN_ORDINALS[i - 1]}`, 20 + i);
  DAY_WORDS.set(i === 1 ? 'vingt et un' : `vingt-${FR_NUMBERS[i - 1]}`, 20 + i);
}
DAY_WORDS.set('vingt-et-un', 21).set('thirty-first', 31).set('thirty first', 31).set('trente et un', 31).set('trente-et-un', 31);
const HOUR_WORDS = new Map<string, number>();
EN_CARDINALS.forEach((w, i) => HOUR_WORDS.set(w, i + 1));
FR_NUMBERS.slice(0, 12).forEach((w, i) => HOUR_WORDS.set(w, i + 1));
['treize', 'quatorze', 'quinze', 'seize', 'dix-sept', 'dix-huit', 'dix-neuf', 'vingt'].forEach((w, i) =>
  HOUR_WORDS.set(w, 13 + i),
);
HOUR_WORDS.set('une', 1).set('midi', 12).set('noon', 12);

const alternation = (keys: Iterable<string>) =>
  [...keys]
    .sort((a, b) => b.length - a.length)
    .map((k) => k.replace(/[ -]/g, '[ -]'))
    .join('|');
/** A day of the month: "9", "9th", "1er", "ninth", "twenty-seventh", "vingt-huit". */
const DAY_NUMBER = `(?:\\d{1,2}(?:st|nd|rd|th|er|e)?|${alternation(DAY_WORDS.keys())})`;
const dayNumber = (raw: string): number | null => {
  const text = raw.toLowerCase().replace(/\s+/g, ' ');
  const digits = /^(\d{1,2})/.exec(text);
  const n = digits ? Number(digits[1]) : (DAY_WORDS.get(text) ?? DAY_WORDS.get(text.replace(/ /g, '-')) ?? null);
  return n !== null && n >= 1 && n <= 31 ? n : null;
};

const MONTHS: Record<string, number> = {
  january: 1,
  janvier: 1,
  jan: 1,
  janv: 1,
  february: 2,
  février: 2,
  fevrier: 2,
  feb: 2,
  march: 3,
  mars: 3,
  april: 4,
  avril: 4,
  apr: 4,
  may: 5,
  mai: 5,
  june: 6,
  juin: 6,
  july: 7,
  juillet: 7,
  august: 8,
  août: 8,
  aout: 8,
  september: 9,
  septembre: 9,
  sept: 9,
  october: 10,
  octobre: 10,
  oct: 10,
  november: 11,
  novembre: 11,
  nov: 11,
  december: 12,
  décembre: 12,
  decembre: 12,
  dec: 12,
};
const MONTH = `(?:${alternation(Object.keys(MONTHS))})`;
const WEEKDAYS: Record<string, number> = {
  sunday: 0,
  dimanche: 0,
  monday: 1,
  lundi: 1,
  tuesday: 2,
  mardi: 2,
  wednesday: 3,
  mercredi: 3,
  thursday: 4,
  jeudi: 4,
  friday: 5,
  vendredi: 5,
  saturday: 6,
  samedi: 6,
};
const WEEKDAY = `(?:${alternation(Object.keys(WEEKDAYS))})`;

// ——— Zones said beside a time ———

const ZONES: Record<string, string> = {
  london: 'Europe/London',
  londres: 'Europe/London',
  uk: 'Europe/London',
  dublin: 'Europe/Dublin',
  paris: 'Europe/Paris',
  france: 'Europe/Paris',
  brussels: 'Europe/Brussels',
  bruxelles: 'Europe/Brussels',
  amsterdam: 'Europe/Amsterdam',
  berlin: 'Europe/Berlin',
  frankfurt: 'Europe/Berlin',
  francfort: 'Europe/Berlin',
  madrid: 'Europe/Madrid',
  rome: 'Europe/Rome',
  zurich: 'Europe/Zurich',
  genève: 'Europe/Zurich',
  geneva: 'Europe/Zurich',
  stockholm: 'Europe/Stockholm',
  copenhagen: 'Europe/Copenhagen',
  oslo: 'Europe/Oslo',
  warsaw: 'Europe/Warsaw',
  lisbon: 'Europe/Lisbon',
  helsinki: 'Europe/Helsinki',
  athens: 'Europe/Athens',
  istanbul: 'Europe/Istanbul',
  montréal: 'America/Toronto',
  montreal: 'America/Toronto',
  québec: 'America/Toronto',
  quebec: 'America/Toronto',
  toronto: 'America/Toronto',
  ottawa: 'America/Toronto',
  'new york': 'America/New_York',
  boston: 'America/New_York',
  eastern: 'America/New_York',
  est: 'America/New_York',
  edt: 'America/New_York',
  et: 'America/New_York',
  "l'est": 'America/New_York',
  central: 'America/Chicago',
  cst: 'America/Chicago',
  cdt: 'America/Chicago',
  ct: 'America/Chicago',
  chicago: 'America/Chicago',
  mountain: 'America/Denver',
  mst: 'America/Denver',
  mdt: 'America/Denver',
  denver: 'America/Denver',
  calgary: 'America/Edmonton',
  pacific: 'America/Los_Angeles',
  pst: 'America/Los_Angeles',
  pdt: 'America/Los_Angeles',
  pt: 'America/Los_Angeles',
  vancouver: 'America/Vancouver',
  'san francisco': 'America/Los_Angeles',
  seattle: 'America/Los_Angeles',
  'los angeles': 'America/Los_Angeles',
  'mexico city': 'America/Mexico_City',
  'são paulo': 'America/Sao_Paulo',
  'sao paulo': 'America/Sao_Paulo',
  santiago: 'America/Santiago',
  tokyo: 'Asia/Tokyo',
  singapore: 'Asia/Singapore',
  singapour: 'Asia/Singapore',
  sydney: 'Australia/Sydney',
  dubai: 'Asia/Dubai',
  mumbai: 'Asia/Kolkata',
  india: 'Asia/Kolkata',
  gmt: 'UTC',
  utc: 'UTC',
  cet: 'Europe/Paris',
  cest: 'Europe/Paris',
  bst: 'Europe/London',
};
const ZONE_NAME = `(?:${alternation(Object.keys(ZONES))})`;
/** "London time", "heure de Montréal", "Eastern", "CET", "(Paris)". */
const ZONE_AFTER = `(?:,?\\s*(?:(${ZONE_NAME})(?:\\s+time)?|heure\\s+(?:de\\s+|d')(${ZONE_NAME})|(?:à|in)\\s+(${ZONE_NAME})|\\((${ZONE_NAME})\\)))`;

// ——— Times of day ———

const HOUR = `(?:\\d{1,2}|${alternation(HOUR_WORDS.keys())})`;
const TIME_RE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(?:at|à|vers|around|for|pour)\\s+)?(${HOUR})(?:(?::|h|\\s*h\\s*)(\\d{2})|\\s+(thirty|fifteen|forty[- ]five|trente|quinze|quarante-cinq))?\\s*(a\\.?m\\.?|p\\.?m\\.?|o'clock|h(?![\\p{L}])|heures?|in the (?:morning|afternoon|evening)|du (?:matin|soir)|de l'après-midi)?(?![\\p{L}\\p{N}])(?:${ZONE_AFTER})?`,
  'giu',
);

interface SaidTime {
  at: number;
  end: number;
  minute: number;
  zone: string | null;
}

/** Minutes said as a word after the hour ("three thirty", "quinze heures quinze"); any other ("forty-five", "quarante-cinq") is 45. */
const MINUTE_WORDS: Record<string, number> = { thirty: 30, trente: 30, fifteen: 15, quinze: 15 };

function timesIn(text: string): SaidTime[] {
  const out: SaidTime[] = [];
  for (const m of text.matchAll(TIME_RE)) {
    const [whole, hourRaw, mm, minuteWord, suffixRaw] = m;
    const zoneRaw = (m[5] ?? m[6] ?? m[7] ?? m[8])?.toLowerCase();
    const lead = /^(?:at|à|vers|around|for|pour)\s/i.test(whole);
    const suffix = suffixRaw?.toLowerCase() ?? '';
    if (!suffix && !zoneRaw && !(lead && (mm || /^\d/.test(hourRaw!)))) continue;
    // "at 3 sites": a number followed by a noun is no time.
    if (
      !suffix &&
      !zoneRaw &&
      /^\s*\p{L}/u.test(text.slice(m.index + whole.length)) &&
      !/^\s*(?:on|le|this|ce|tomorrow|demain|today)\b/i.test(text.slice(m.index + whole.length))
    )
      continue;
    const hourWord = hourRaw!.toLowerCase();
    let hour = /^\d/.test(hourWord) ? Number(hourWord) : (HOUR_WORDS.get(hourWord.replace(/ /g, '-')) ?? NaN);
    const minute = mm ? Number(mm) : minuteWord ? (MINUTE_WORDS[minuteWord.toLowerCase()] ?? 45) : 0;
    if (!(hour >= 0 && hour <= 23) || minute > 59) continue;
    if (/^p/.test(suffix) || /afternoon|evening|soir|après-midi/.test(suffix)) {
      if (hour < 12) hour += 12;
    } else if (/^a/.test(suffix) || /morning|matin/.test(suffix)) {
      if (hour === 12) hour = 0;
    } else if (hour >= 1 && hour <= 7) hour += 12; // "at 3", "four London time": a business call's afternoon.
    const zone = zoneRaw ? (ZONES[zoneRaw] ?? null) : null;
    out.push({ at: m.index, end: m.index + whole.length, minute: hour * 60 + minute, zone });
  }
  return out;
}

// ——— Days ———

/** A calendar day, counted without zones. */
interface Day {
  y: number;
  m: number;
  d: number;
}
const dayValue = ({ y, m, d }: Day) => Date.UTC(y, m - 1, d);
const dayOfValue = (v: number): Day => {
  const date = new Date(v);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
};
const addDays = (day: Day, n: number) => dayOfValue(dayValue(day) + n * DAY_MS);
const weekdayOf = (day: Day) => new Date(dayValue(day)).getUTCDay();
const lastOfMonth = (y: number, m: number): Day => dayOfValue(Date.UTC(y, m, 0));
const validDay = (y: number, m: number, d: number) => lastOfMonth(y, m).d >= d;
/** The next day with that weekday strictly after `from` (or on it, with `orSame`). */
const nextWeekday = (from: Day, weekday: number, orSame = false) =>
  addDays(from, (weekday - weekdayOf(from) + 7) % 7 || (orSame ? 0 : 7));
/** Monday of the week holding `day` (weeks start on Monday). */
const mondayOf = (day: Day) => addDays(day, -((weekdayOf(day) + 6) % 7));

interface Found {
  at: number;
  end: number;
  day: Day | null;
  text: string;
  /** Vague: "next month" names no day. */
  vague?: boolean;
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  une: 1,
  un: 1,
  two: 2,
  deux: 2,
  three: 3,
  trois: 3,
  four: 4,
  quatre: 4,
  five: 5,
  cinq: 5,
  six: 6,
  seven: 7,
  sept: 7,
  eight: 8,
  huit: 8,
  nine: 9,
  neuf: 9,
  ten: 10,
  dix: 10,
  twelve: 12,
  douze: 12,
  quinze: 15,
  fifteen: 15,
};
const COUNT = `(?:\\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')})`;
const countOf = (raw: string) => (/^\d/.test(raw) ? Number(raw) : (NUMBER_WORDS[raw.toLowerCase()] ?? NaN));

const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';

/** After an ordinal or a number said alone: what may follow a date (not "the third quarter", "le deux tiers"). */
const AFTER_BARE_DAY =
  /^(?:\s*$|\s*[,.;:!?)—–-]|\s+(?:at|à|works?|is|it's|suits?|sounds?|then|for|and|or|to|would|will|in|on|so|please|if|that|with|before|after|et|ou|au|pour|ça|c'est|si|avec|avant|après|dans|midi|matin|au matin|le matin|en|ce|cette|alors|donc|fine|ok|okay|ideally|latest|au plus tard|at the latest|\d)\b)/iu;

/** A past event: "we went live on the third", "on a migré le quatre". */
const PAST = new RegExp(
  `${B}(?:went|was|were|had|did|came|migrated|launched|signed|started|finished|moved|switched|happened|ago|yesterday|hier|last|dernier|dernière|(?:on a|nous avons|j'ai|vous avez|ils ont|elles ont|il a|elle a|on avait|nous avions)\\s+(?:\\p{L}+\\s+)?\\p{L}+(?:é|ée|és|ées|is|it|u|ert|uit))${E}`,
  'iu',
);

const CHRONO_KEPT = new RegExp(
  `${B}(?:${MONTH}|${WEEKDAY})${E}|\\d{1,4}[/.-]\\d{1,2}|${B}(?:q|t)[1-4]${E}|quarter|trimestre`,
  'iu',
);

// Cheap tests that skip the rules a line cannot match (no word boundary at their end: a prefix is enough).
const WEEKDAY_NAMES = Object.keys(WEEKDAYS).join('|');
const HAS_WEEKDAY = new RegExp(WEEKDAY_NAMES, 'i');
const HAS_MONTH = /jan|feb|f[ée]v|mar|apr|avr|may|mai|jun|juin|jul|juil|aug|ao[uû]t|sep|oct|nov|dec|d[ée]c/i;
const HAS_DAY_NUMBER = new RegExp(
  String.raw`\b(?:the|le|el|au)\s+(?:\d|${EN_ORDINALS.join('|')}|twent|thirt|premier|${FR_NUMBERS.join('|')}|trente)`,
  'i',
);
/** Words without which no rule below can match: most lines of a call have none, and skip every rule. */
const ANY_DATE_WORD = new RegExp(
  String.raw`\d|today|tonight|tomorrow|this (?:afternoon|morning|evening)|end of|eod|aujourd|ce soir|cet après|ce matin|fin de|fin du|demain|week|semaine|month|mois|quarter|trimestre|year|année|fortnight|quinzaine|jours?\b|days?\b|huit|quinze|${WEEKDAY_NAMES}|\b(?:the|le|el|au)\s+\p{L}|january|february|march|april|may|june|july|august|september|october|november|december|janvier|février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre|\b[qt][1-4]\b|next|prochain|début|debut|early|mid|mi-`,
  'iu',
);

// The rules' patterns, compiled once with the module (global: matchAll copies them, so sharing one is safe).
const WEEKDAY_THE_DAY = new RegExp(
  `${B}(${WEEKDAY}),?\\s+(?:the\\s+|le\\s+)?(${DAY_NUMBER})${E}(?!\\s*(?:${MONTH}|of\\s))(?!\\s*(?:h|heures?|:|am|pm|a\\.m|p\\.m|o'clock)${E})`,
  'giu',
);
const MONTH_AND_DAY = new RegExp(
  `${B}(?:(?:(?:on|le|el)\\s+)?${WEEKDAY},?\\s+)?(?:(${MONTH})\\.?\\s+(?:the\\s+)?(${DAY_NUMBER})|(?:the\\s+|le\\s+|el\\s+)?(${DAY_NUMBER})\\s+(?:of\\s+|de\\s+)?(${MONTH}))${E}(?:,?\\s+(20\\d\\d))?`,
  'giu',
);
const ARTICLE_DAY = new RegExp(
  `${B}(?:(on|by|before|until|till|for|from|after)\\s+)?(the|le|d'ici le|avant le|pour le|jusqu'au|au|el)\\s+(${DAY_NUMBER})${E}`,
  'giu',
);
const WEEKDAY_AFTER_NEXT = new RegExp(
  `${B}(?:(${WEEKDAY})\\s+(?:after next|en huit|en quinze|week)|a week (?:from|on) (${WEEKDAY})|(?:the )?(${WEEKDAY}) of the following week)${E}`,
  'giu',
);
const NEXT_WEEKDAY = new RegExp(
  `${B}(?:next\\s+(${WEEKDAY})|(${WEEKDAY})\\s+(?:prochain|prochaine|next week|de la semaine prochaine|la semaine prochaine)|(?:next week|la semaine prochaine),?\\s+(?:on\\s+|le\\s+)?(${WEEKDAY}))${E}`,
  'giu',
);
const THIS_WEEKDAY = new RegExp(`${B}(?:this|ce|coming|this coming)\\s+(${WEEKDAY})${E}`, 'giu');
const BARE_WEEKDAY = new RegExp(`${B}(?:(?:on|by|before|until|d'ici|avant|pour|dès|le|this)\\s+)?(${WEEKDAY})s?${E}`, 'giu');
const TODAY = new RegExp(
  `${B}(?:today|tonight|this (?:afternoon|morning|evening)|(?:by )?(?:the )?end of (?:the )?day(?!\\s+(?:tomorrow|demain))|eod|aujourd'hui|ce soir|cet après-midi|ce matin|d'ici ce soir|en fin de journée|avant ce soir)${E}`,
  'giu',
);
const TOMORROW = new RegExp(`${B}(?:tomorrow|demain)${E}`, 'giu');
const DAY_AFTER_TOMORROW = new RegExp(`${B}(?:(?:the )?day after tomorrow|après-demain)${E}`, 'giu');
const IN_A_SPAN = new RegExp(
  `${B}(?:(?:in|within|dans|d'ici|sous)\\s+(${COUNT})\\s+(days?|weeks?|months?|jours?|semaines?|mois)|(${COUNT})\\s+(days?|weeks?)\\s+from\\s+(?:today|now|the call)|(?:in|within)\\s+a\\s+fortnight|sous\\s+quinzaine|(${COUNT})\\s+semaines?\\s+(?:plus tard|à partir d'aujourd'hui))${E}`,
  'giu',
);
const THIS_WEEK = new RegExp(
  `${B}(?:(?:by )?(?:the )?end of (?:the |this )?week|this week|later this week|cette semaine|(?:d'ici (?:la )?)?fin de (?:la |cette )?semaine|d'ici la fin de la semaine)${E}`,
  'giu',
);
const NEXT_WEEK = new RegExp(
  `${B}(?:(early |début de (?:la )?)?(?:next week|la semaine prochaine|semaine prochaine|la semaine suivante|the following week|the week after))${E}`,
  'giu',
);
const PART_OF_MONTH = new RegExp(
  `${B}(early|beginning of|start of|mid|mid-|late|end of|the end of)\\s*(${MONTH})${E}(?:\\s+(20\\d\\d))?`,
  'giu',
);
const END_OF_MONTH = new RegExp(
  `${B}(?:(?:the )?end of (?:the |this )?month|(?:the )?end of next month|month[- ]end|(?:la |d'ici la |à la )?fin (?:du|de ce) mois(?: prochain)?|fin de mois)${E}`,
  'giu',
);
const NEXT_MONTH = new RegExp(
  `${B}(?:(early|beginning of|start of|début du|au début du|(?:au )?début de|mid|mi-)\\s*)?(?:next month|le mois prochain|du mois prochain|mois prochain|the following month|le mois suivant)${E}`,
  'giu',
);
const END_OF_QUARTER = new RegExp(
  `${B}(?:(?:the )?end of (?:the |this )?quarter|this quarter|quarter[- ]end|(?:la |d'ici la )?fin (?:du|de ce) trimestre|ce trimestre|(?:the )?end of next quarter|next quarter|le trimestre prochain|le prochain trimestre)${E}`,
  'giu',
);
const END_OF_YEAR = new RegExp(
  `${B}(?:(?:the )?end of (?:the |this )?year|year[- ]end|(?:la |d'ici la )?fin (?:de l'année|d'année)|(?:by|before) (?:the )?new year)${E}`,
  'giu',
);
/** A weekday said just before "next week" ("Tuesday next week" is read by NEXT_WEEKDAY). */
const WEEKDAY_BEFORE = new RegExp(`${WEEKDAY}\\s*$`, 'iu');
/** A month right after a bare day ("the 2nd of April" is read by MONTH_AND_DAY). */
const MONTH_AFTER = new RegExp(`^\\s*(?:${MONTH}|of\\s+${MONTH})${E}`, 'iu');

function ownDays(text: string, today: Day): Found[] {
  const out: Found[] = [];
  const hasWeekday = HAS_WEEKDAY.test(text);
  const hasMonth = HAS_MONTH.test(text);
  const hasDayNumber = HAS_DAY_NUMBER.test(text);
  const push = (m: RegExpMatchArray, day: Day | null, vague = false) =>
    out.push({ at: m.index!, end: m.index! + m[0].length, day, text: m[0], vague });

  // "Tuesday the twentieth", "Monday the 5th", "jeudi le dix-neuf", "mercredi 28": the month where they agree.
  for (const m of hasWeekday ? text.matchAll(WEEKDAY_THE_DAY) : []) {
    const weekday = WEEKDAYS[m[1]!.toLowerCase()]!;
    const n = dayNumber(m[2]!);
    if (n === null) continue;
    let found: Day | null = null;
    for (let k = 0, y = today.y, mo = today.m; k < 14 && !found; k += 1) {
      if (validDay(y, mo, n) && dayValue({ y, m: mo, d: n }) >= dayValue(today) && weekdayOf({ y, m: mo, d: n }) === weekday)
        found = { y, m: mo, d: n };
      mo += 1;
      if (mo > 12) [mo, y] = [1, y + 1];
    }
    push(m, found ?? nextDayOfMonth(today, n));
  }
  // "April fourteenth", "the 2nd of April", "le douze juin", "14 avril 2027", "premier décembre".
  for (const m of hasMonth ? text.matchAll(MONTH_AND_DAY) : []) {
    const month = MONTHS[(m[1] ?? m[4])!.toLowerCase()]!;
    const n = dayNumber((m[2] ?? m[3])!);
    if (
      n === null ||
      (m[1] && /^(?:may|mai|march|mars)$/i.test(m[1]) && !/\d|th|st|nd|rd/i.test(m[2]!) && !DAY_WORDS.has(m[2]!.toLowerCase()))
    )
      continue;
    let y = m[5] ? Number(m[5]) : today.y;
    if (!validDay(y, month, n)) continue;
    if (!m[5] && dayValue({ y, m: month, d: n }) < dayValue(today)) y += 1;
    push(m, { y, m: month, d: n });
  }
  // "on the ninth", "by the twelfth", "the twenty-first works", "le douze", "d'ici le vingt", "le 23": the next such day.
  for (const m of hasDayNumber ? text.matchAll(ARTICLE_DAY) : []) {
    const n = dayNumber(m[3]!);
    if (n === null) continue;
    const rest = text.slice(m.index! + m[0].length);
    if (!AFTER_BARE_DAY.test(rest) || MONTH_AFTER.test(rest)) continue;
    const article = m[2]!.toLowerCase();
    const english = article === 'the';
    // "the first", "the second": too often "the first thing", "the second point" — only after a preposition.
    if (english && !m[1] && n <= 2) continue;
    // An English ordinal word or an ordinal suffix; a bare "the 9" is a count.
    if (english && /^\d+$/.test(m[3]!)) continue;
    // "le un", "le premier" alone: rarely a day.
    if (!english && n === 1 && !/1er|premier/i.test(m[3]!)) continue;
    push(m, nextDayOfMonth(today, n));
  }
  // "Friday after next", "mardi en huit", "vendredi en quinze", "a week from Monday".
  for (const m of hasWeekday ? text.matchAll(WEEKDAY_AFTER_NEXT) : []) {
    const weekday = WEEKDAYS[(m[1] ?? m[2] ?? m[3])!.toLowerCase()]!;
    push(m, addDays(nextWeekday(today, weekday), /quinze/i.test(m[0]) ? 14 : 7));
  }
  // "next Friday", "vendredi prochain", "Tuesday next week", "mardi de la semaine prochaine": that weekday of the next calendar week.
  for (const m of hasWeekday ? text.matchAll(NEXT_WEEKDAY) : []) {
    const weekday = WEEKDAYS[(m[1] ?? m[2] ?? m[3])!.toLowerCase()]!;
    push(m, addDays(mondayOf(today), 7 + ((weekday + 6) % 7)));
  }
  // "this Friday", "ce vendredi": on or after today.
  for (const m of hasWeekday ? text.matchAll(THIS_WEEKDAY) : []) {
    push(m, nextWeekday(today, WEEKDAYS[m[1]!.toLowerCase()]!, true));
  }
  // "by Friday", "on Monday", "d'ici mardi", "jeudi": the next one after today ("by Friday" said on a Friday is next Friday).
  for (const m of hasWeekday ? text.matchAll(BARE_WEEKDAY) : []) {
    // "a Friday afternoon", "every Monday", "le lundi matin de préférence": no particular day.
    const before = text.slice(Math.max(0, m.index! - 8), m.index!);
    if (/(?:\ba|\bun|every|each|chaque|tous les)\s+$/i.test(before) || /s$/i.test(m[0])) {
      push(m, null); // read, and no day: chrono must not read it either.
      continue;
    }
    push(m, nextWeekday(today, WEEKDAYS[m[1]!.toLowerCase()]!));
  }
  // today, tonight, this afternoon, end of day; tomorrow; the day after tomorrow.
  for (const m of text.matchAll(TODAY)) push(m, today);
  for (const m of text.matchAll(TOMORROW)) push(m, addDays(today, 1));
  for (const m of text.matchAll(DAY_AFTER_TOMORROW)) push(m, addDays(today, 2));
  // "in two weeks", "dans quinze jours", "within ten days", "d'ici trois semaines", "two weeks from today", "in a fortnight".
  for (const m of text.matchAll(IN_A_SPAN)) {
    const count = m[1] ?? m[3] ?? m[5];
    const unit = (m[2] ?? m[4] ?? 'semaines').toLowerCase();
    let n = count ? countOf(count) : 14;
    if (!count) {
      push(m, addDays(today, 14));
      continue;
    }
    if (!Number.isFinite(n)) continue;
    if (/^(?:month|mois)/.test(unit)) {
      const month0 = today.m - 1 + n;
      const y = today.y + Math.floor(month0 / 12);
      const mo = (month0 % 12) + 1;
      push(m, { y, m: mo, d: Math.min(today.d, lastOfMonth(y, mo).d) });
      continue;
    }
    if (/^(?:week|semaine)/.test(unit)) n *= 7;
    // "dans quinze jours", "dans huit jours": two weeks and one week, as said in French.
    else if (/^jour/.test(unit) && (n === 15 || n === 8)) n -= 1;
    push(m, addDays(today, n));
  }
  // this week / end of the week / cette semaine / fin de semaine: that week's Friday.
  for (const m of text.matchAll(THIS_WEEK)) {
    const friday = addDays(mondayOf(today), 4);
    push(m, dayValue(friday) >= dayValue(today) ? friday : today);
  }
  // next week / la semaine prochaine: next week's Friday; early next week / début de semaine prochaine: its Monday.
  for (const m of text.matchAll(NEXT_WEEK)) {
    if (WEEKDAY_BEFORE.test(text.slice(0, m.index!))) continue;
    push(m, addDays(mondayOf(today), m[1] ? 7 : 11));
  }
  // early / mid / late / end of March: its first, fifteenth or last day (French: frenchMonthPartParser).
  for (const m of hasMonth ? text.matchAll(PART_OF_MONTH) : []) {
    const month = MONTHS[m[2]!.toLowerCase()]!;
    const part = m[1]!.toLowerCase();
    let y = m[3] ? Number(m[3]) : today.y;
    const day = (yy: number) => (/mid/.test(part) ? 15 : /late|end/.test(part) ? lastOfMonth(yy, month).d : 1);
    if (!m[3] && dayValue({ y, m: month, d: day(y) }) < dayValue(today)) y += 1;
    push(m, { y, m: month, d: day(y) });
  }
  // end of the month / fin du mois / end of next month / fin du mois prochain.
  for (const m of text.matchAll(END_OF_MONTH)) {
    const next = /next|prochain/i.test(m[0]) ? 1 : 0;
    const mo0 = today.m - 1 + next;
    push(m, lastOfMonth(today.y + Math.floor(mo0 / 12), (mo0 % 12) + 1));
  }
  // early next month / début du mois prochain: its first day; next month alone names no day.
  for (const m of text.matchAll(NEXT_MONTH)) {
    const mo0 = today.m;
    const y = today.y + Math.floor(mo0 / 12);
    const mo = (mo0 % 12) + 1;
    if (!m[1]) push(m, null, true);
    else push(m, { y, m: mo, d: /mi/i.test(m[1]) ? 15 : 1 });
  }
  // end of the quarter / fin du trimestre / this quarter / ce trimestre / next quarter.
  for (const m of text.matchAll(END_OF_QUARTER)) {
    const next = /next|prochain/i.test(m[0]) ? 1 : 0;
    const quarterEnd0 = Math.floor((today.m - 1) / 3) * 3 + 2 + next * 3;
    push(m, lastOfMonth(today.y + Math.floor(quarterEnd0 / 12), (quarterEnd0 % 12) + 1));
  }
  // end of the year / fin de l'année / d'ici la fin de l'année.
  for (const m of text.matchAll(END_OF_YEAR)) {
    push(m, { y: today.y, m: 12, d: 31 });
  }
  return out;
}

/** The next day of the month numbered `n` on or after `today` (skipping months too short for it). */
function nextDayOfMonth(today: Day, n: number): Day | null {
  for (let k = 0, y = today.y, m = today.m; k < 3; k += 1) {
    if (validDay(y, m, n) && dayValue({ y, m, d: n }) >= dayValue(today)) return { y, m, d: n };
    m += 1;
    if (m > 12) [m, y] = [1, y + 1];
  }
  return null;
}

const iso = (day: Day) => `${String(day.y).padStart(4, '0')}-${String(day.m).padStart(2, '0')}-${String(day.d).padStart(2, '0')}`;

export interface DatesOptions {
  /** The representative's IANA zone: days are counted in it (UTC when absent or unknown). */
  timeZone?: string | null;
}

/**
 * Every date said in a line, in order; both languages are tried (calls mix them). `reference` is
 * the call's own date and time. A vague date ("next month") comes with `vague` and the day the
 * words would start from, never as a due date.
 */
export function datesIn(said: string, reference: Date, options: DatesOptions = {}): Array<SaidDate & { vague?: boolean }> {
  const zone = options.timeZone && isTimeZone(options.timeZone) ? options.timeZone : 'UTC';
  // chrono's French knows "aujourd'hui", not the typographic apostrophe most transcripts use.
  const text = said.replace(/[’‘]/g, "'");
  if (!ANY_DATE_WORD.test(text)) return [];
  const wall = wallTimeIn(reference.getTime(), zone);
  const today: Day = { y: wall.year, m: wall.month, d: wall.day };
  const spans: Found[] = [];
  const take = (f: Found) => {
    const overlapping = spans.filter((s) => f.at < s.end && s.at < f.end);
    if (overlapping.some((s) => s.end - s.at >= f.end - f.at)) return;
    for (const s of overlapping) spans.splice(spans.indexOf(s), 1);
    spans.push(f);
  };
  // This module's own readings first, longest first: they win over chrono's where both read the words.
  for (const f of ownDays(text, today).sort((a, b) => b.end - b.at - (a.end - a.at))) take(f);
  const chronoFound: Array<Found & { instant?: Date; hasTime: boolean }> = [];
  // chrono is slow: only what could give a reading kept below (a month, a weekday, a numeric date, a quarter).
  for (const parser of CHRONO_KEPT.test(text) ? [PARSERS.en, PARSERS.fr] : []) {
    for (const result of parser.parse(text, { instant: reference, timezone: 0 }, { forwardDate: true })) {
      const words = result.text.trim();
      if (NOT_A_DATE.test(words) || CHRONO_UNIT.test(words)) continue;
      // Only what names a month, a weekday, a numeric date or a quarter: the rest (a time alone, "10 h") is read here.
      if (!CHRONO_KEPT.test(words)) continue;
      // "a d" in "il a débordé": no digit and no real word is no date.
      if (!/\d/.test(words) && !/\p{L}{3,}/u.test(words)) continue;
      // A time alone ("at 3", "15h") is read below, beside the day it belongs to.
      if (!result.start.isCertain('day') && !result.start.isCertain('weekday') && !result.start.isCertain('month')) {
        if (!/q[1-4]|t[1-4]|trimestre|quarter/i.test(words)) continue;
      }
      const at = result.index;
      if (spans.some((s) => at < s.end && s.at < at + result.text.length)) continue;
      const start = result.start;
      const day: Day = { y: start.get('year')!, m: start.get('month')!, d: start.get('day')! };
      chronoFound.push({ at, end: at + result.text.length, day, text: result.text, hasTime: false });
    }
  }
  for (const f of chronoFound) take(f);

  if (!spans.length) return [];
  const times = timesIn(text);
  const out: Array<SaidDate & { vague?: boolean }> = [];
  for (const span of spans.sort((a, b) => a.at - b.at)) {
    if (span.vague) {
      out.push({
        date: noonIn(today, zone),
        day: iso(today),
        at: span.at,
        end: span.end,
        text: span.text,
        hasTime: false,
        vague: true,
      });
      continue;
    }
    if (!span.day) continue;
    // A past event ("we went live on the third") is no date to hold anyone to.
    const clause = text.slice(
      Math.max(0, text.lastIndexOf(',', span.at) + 1, text.lastIndexOf(' and ', span.at), text.lastIndexOf(' et ', span.at)),
      span.at,
    );
    if (PAST.test(clause) || /\bago\b|il y a/i.test(text.slice(span.end, span.end + 8))) continue;
    // A time said within a few words of the day (before or after), and not nearer another day.
    const near = times.find((t) => {
      const gap = t.at >= span.end ? t.at - span.end : span.at - t.end;
      if (gap > 30) return false;
      return !spans.some(
        (o) =>
          o !== span &&
          Math.abs((o.at + o.end) / 2 - (t.at + t.end) / 2) < Math.abs((span.at + span.end) / 2 - (t.at + t.end) / 2),
      );
    });
    let instant: number;
    let day = span.day;
    if (near) {
      instant = instantOfWallTime(day.y, day.m, day.d, near.minute, near.zone ?? zone);
      // Converted to the representative's zone, the day may change ("9 am Sydney" is the evening before in New York).
      const local = wallTimeIn(instant, zone);
      day = { y: local.year, m: local.month, d: local.day };
    } else instant = Date.parse(noonIn(day, zone));
    // Never before the call's day.
    if (dayValue(day) < dayValue(today)) continue;
    if (near && instant < reference.getTime() && dayValue(day) === dayValue(today)) continue;
    out.push({
      date: new Date(instant).toISOString(),
      day: iso(day),
      at: span.at,
      end: near ? Math.max(span.end, near.end) : span.end,
      text: near ? text.slice(Math.min(span.at, near.at), Math.max(span.end, near.end)) : span.text,
      hasTime: !!near,
    });
  }
  return out;
}

const noonIn = (day: Day, zone: string) => new Date(instantOfWallTime(day.y, day.m, day.d, 12 * 60, zone)).toISOString();

/** A line that says when the call was: "Date: 2026-11-18", "Recorded on November 18, 2026 at 3:00 PM", "NOTE Réunion du 18 novembre 2026 à 15 h". */
const HEADER_DATE_LINE = /(?:^|\b)20\d\d(?:\b|$)/;
/** A cue's timing or a speaker's turn: the header is over. */
const HEADER_END = /-->|^\s*\[?\d{1,2}:\d{2}|^[^:]{1,60}:\s+\S.{40,}/;

/**
 * The call's own date when the file states it in its header (the lines before the first turn or
 * cue: a WebVTT NOTE, an Otter or Teams export's title lines, a .docx's first paragraphs), as a
 * wall time in `timeZone` (the representative's; UTC when absent); the start of that day when only
 * the day is said. Null when the header names no full date (day, month and year).
 */
export function callDateInTranscript(text: string, timeZone?: string | null): Date | null {
  const zone = timeZone && isTimeZone(timeZone) ? timeZone : 'UTC';
  let seen = 0;
  for (const raw of text.split(/\r?\n/, 40)) {
    const line = raw.replace(/^\uFEFF/, '').trim();
    if (!line || /^WEBVTT\s*$/i.test(line) || /^\d+$/.test(line)) continue;
    if (HEADER_END.test(line) || (seen += 1) > 8) break;
    if (!HEADER_DATE_LINE.test(line)) continue;
    const iso = /\b(20\d\d)-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(line);
    let parts: { y: number; m: number; d: number; minute: number } | null = null;
    if (iso) {
      parts = { y: +iso[1]!, m: +iso[2]!, d: +iso[3]!, minute: iso[4] ? +iso[4] * 60 + +iso[5]! : 0 };
    } else {
      for (const parser of [chrono.en.casual, chrono.fr.casual]) {
        const found = parser
          .parse(line.replace(/[’‘]/g, "'"), { instant: new Date(Date.UTC(2000, 0, 1)), timezone: 0 })
          .find((r) => r.start.isCertain('year') && r.start.isCertain('month') && r.start.isCertain('day'));
        if (!found) continue;
        const s = found.start;
        const minute = s.isCertain('hour') ? s.get('hour')! * 60 + (s.get('minute') ?? 0) : 0;
        parts = { y: s.get('year')!, m: s.get('month')!, d: s.get('day')!, minute };
        break;
      }
    }
    if (!parts || !validDay(parts.y, parts.m, parts.d) || parts.minute >= 24 * 60) continue;
    return new Date(instantOfWallTime(parts.y, parts.m, parts.d, parts.minute, zone));
  }
  return null;
}
