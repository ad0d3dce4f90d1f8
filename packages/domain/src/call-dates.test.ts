import { describe, expect, it } from 'vitest';
import { callDateInTranscript, datesIn } from './call-dates.ts';

// A Tuesday, 11:00 in Paris.
const reference = new Date('2026-11-24T10:00:00Z');
const first = (text: string) => datesIn(text, reference)[0]?.date ?? null;
/** The day each date said falls on for a representative in `timeZone`, from a call at `at`. */
const days = (text: string, at: string, timeZone: string) => datesIn(text, new Date(at), { timeZone }).map((d) => d.day);
const day = (text: string, at: string, timeZone: string) => days(text, at, timeZone)[0] ?? null;

// A Friday afternoon in Montréal, a Thursday morning in Paris.
const FRIDAY_MTL = '2026-10-23T18:00:00Z';
const THURSDAY_PARIS = '2026-11-05T09:00:00Z';

describe('datesIn', () => {
  it('reads English dates and times, a bare hour as the afternoon', () => {
    expect(first('Can we talk next Tuesday at 3?')).toBe('2026-12-01T15:00:00.000Z');
    expect(first('We need it live by the end of March.')).toBe('2027-03-31T12:00:00.000Z');
    expect(first('If we can go live before 30 September, we sign.')).toBe('2027-09-30T12:00:00.000Z');
    expect(first('Follow-up call on December 3 at 10am.')).toBe('2026-12-03T10:00:00.000Z');
  });

  it('reads "next Friday" / "vendredi prochain" as that day of the next calendar week', () => {
    // Said on a Tuesday: Thursday of next week, not the day after tomorrow.
    expect(first('Shall we meet next Thursday at 10am?')).toBe('2026-12-03T10:00:00.000Z');
    expect(day('I will send it by next Friday.', '2026-09-30T14:00:00Z', 'America/Toronto')).toBe('2026-10-09');
    expect(day('Je vous envoie la proposition mardi prochain.', '2026-05-14T14:00:00Z', 'America/Toronto')).toBe('2026-05-19');
    expect(day('On se revoit jeudi prochain.', '2026-08-20T18:00:00Z', 'America/Toronto')).toBe('2026-08-27');
  });

  it('reads quarters in both languages (chrono has none)', () => {
    expect(first('go-live in Q2')).toBe('2027-06-30T12:00:00.000Z');
    expect(first('a rollout in Q4')).toBe('2026-12-31T12:00:00.000Z');
    expect(first('mise en production au T3 2027')).toBe('2027-09-30T12:00:00.000Z');
    expect(first('lancement au deuxième trimestre')).toBe('2027-06-30T12:00:00.000Z');
  });

  it('reads French dates, "fin mars" included', () => {
    expect(first("On signe d'ici fin mars.")).toBe('2027-03-31T12:00:00.000Z');
    expect(first('On se revoit mardi prochain à 15h ?')).toBe('2026-12-01T15:00:00.000Z');
    expect(first('Le pilote démarre début janvier.')).toBe('2027-01-01T12:00:00.000Z');
    expect(first('On se revoit le jeudi 3 décembre à 10h.')).toBe('2026-12-03T10:00:00.000Z');
    expect(datesIn('mardi prochain à 15h', reference)).toHaveLength(1);
  });

  it('reads ordinal days without a month: the next such day on or after the call', () => {
    expect(day('The ninth works for me.', THURSDAY_PARIS, 'Europe/Paris')).toBe('2026-11-09');
    expect(day('The third works for me.', THURSDAY_PARIS, 'Europe/Paris')).toBe('2026-12-03');
    expect(day('I need it by the twelfth.', THURSDAY_PARIS, 'Europe/Paris')).toBe('2026-11-12');
    expect(day("Je vous envoie l'annexe le douze.", THURSDAY_PARIS, 'Europe/Paris')).toBe('2026-11-12');
    expect(day("Et je vous envoie le schéma réseau d'ici le vingt.", THURSDAY_PARIS, 'Europe/Paris')).toBe('2026-11-20');
    expect(day('Talk on the fifth, then.', THURSDAY_PARIS, 'Europe/Paris')).toBe('2026-11-05');
    // Not days: a quarter, a count, the first thing.
    expect(
      days('The third quarter is busy, the 9 sites too, and the first thing is SSO.', THURSDAY_PARIS, 'Europe/Paris'),
    ).toEqual(['2027-09-30']);
  });

  it('reads a weekday with an ordinal in the month where they agree', () => {
    expect(day("Let's meet Wednesday the sixteenth.", THURSDAY_PARIS, 'Europe/Paris')).toBe('2026-12-16');
    expect(day('Tuesday the twentieth works.', '2026-01-13T18:00:00Z', 'America/Los_Angeles')).toBe('2026-01-20');
    expect(day('Jeudi le dix-neuf, ça me va.', '2026-02-13T15:00:00Z', 'America/Montreal')).toBe('2026-02-19');
    expect(day('On fait le bilan le mardi 19.', '2026-04-22T08:00:00Z', 'Europe/Brussels')).toBe('2026-05-19');
  });

  it('reads "after next", "en huit", "en quinze" and "a week from Monday"', () => {
    expect(day('The scoring meeting Friday after next?', '2026-02-19T16:00:00Z', 'America/Chicago')).toBe('2026-02-27');
    expect(day('Friday after next works.', '2026-05-29T14:00:00Z', 'America/Chicago')).toBe('2026-06-12');
    expect(day('Une démo mardi en huit.', FRIDAY_MTL, 'America/Montreal')).toBe('2026-11-03');
    expect(day('On se revoit vendredi en huit.', FRIDAY_MTL, 'America/Montreal')).toBe('2026-11-06');
    expect(day('Un atelier jeudi en quinze.', FRIDAY_MTL, 'America/Montreal')).toBe('2026-11-12');
    expect(day('A week from Monday, the fourth.', '2026-04-23T22:00:00Z', 'America/Vancouver')).toBe('2026-05-04');
  });

  it('reads two dates in one turn, each with its own day', () => {
    expect(
      days(
        'Dmitri sends the spec by Thursday, and we meet again Tuesday the twentieth.',
        '2026-01-13T18:00:00Z',
        'America/Los_Angeles',
      ),
    ).toEqual(['2026-01-15', '2026-01-20']);
    expect(
      days("Qu'on l'installe le mercredi 6 mai, puis le bilan le mardi 19.", '2026-04-22T08:00:00Z', 'Europe/Brussels'),
    ).toEqual(['2026-05-06', '2026-05-19']);
  });

  it('converts a stated zone to the representative’s, which may change the day', () => {
    // Wednesday 4 pm in London is 11 am in Toronto.
    expect(datesIn('Wednesday at 4pm London time?', reference, { timeZone: 'America/Toronto' })[0]).toMatchObject({
      date: '2026-11-25T16:00:00.000Z',
      day: '2026-11-25',
      hasTime: true,
    });
    // 10 h in Montréal is 16 h in Paris.
    expect(datesIn('Jeudi 10 h heure de Montréal ?', reference, { timeZone: 'Europe/Paris' })[0]?.date).toBe(
      '2026-11-26T15:00:00.000Z',
    );
    // Thursday 9 am in Sydney is Wednesday evening in New York.
    expect(datesIn('Thursday at 9am Sydney time.', reference, { timeZone: 'America/New_York' })[0]?.day).toBe('2026-11-25');
    // No zone said: the representative's wall time.
    expect(datesIn('Thursday at nine Eastern, or 3pm here.', reference, { timeZone: 'Europe/Stockholm' })[0]?.date).toBe(
      '2026-11-26T14:00:00.000Z',
    );
  });

  it('never gives a due time before the call: "by Friday" said on a Friday is the next Friday', () => {
    expect(day('Can you send the DPA by Friday?', '2026-01-30T15:00:00Z', 'America/New_York')).toBe('2026-02-06');
    expect(day("D'ici vendredi.", '2026-01-16T09:30:00Z', 'Europe/Paris')).toBe('2026-01-23');
    // Friday 10 am Paris, said at 11: not this morning.
    expect(datesIn('vendredi à 10h', new Date('2026-11-27T10:00:00Z'), { timeZone: 'Europe/Paris' })[0]?.day).toBe('2026-12-04');
  });

  it('reads weeks, months, quarters and years relative to the call, in both languages', () => {
    const monday = '2026-08-31T08:00:00Z';
    expect(day('Je vous envoie le dossier cette semaine.', monday, 'Europe/Paris')).toBe('2026-09-04');
    expect(day('I will have it configured by the end of the week.', monday, 'Europe/Paris')).toBe('2026-09-04');
    expect(day('On en reparle la semaine prochaine.', monday, 'Europe/Paris')).toBe('2026-09-11');
    expect(day('Un atelier dans quinze jours.', monday, 'Europe/Paris')).toBe('2026-09-14');
    expect(day('Une restitution dans trois semaines.', monday, 'Europe/Paris')).toBe('2026-09-21');
    expect(day('A sandbox demo in two weeks?', monday, 'Europe/Paris')).toBe('2026-09-14');
    // Said on the month's last day, "the end of the month" is that day.
    expect(day("Envoyez-nous le dossier d'ici la fin du mois.", monday, 'Europe/Paris')).toBe('2026-08-31');
    expect(day('The contract by the end of the month.', '2026-10-27T15:00:00Z', 'America/New_York')).toBe('2026-10-31');
    expect(day("Une proposition d'ici la fin du trimestre.", monday, 'Europe/Paris')).toBe('2026-09-30');
    expect(day('A pilot proposal by the end of next month.', monday, 'Europe/Paris')).toBe('2026-09-30');
    expect(day('Le rapport annuel d’ici la fin de l’année.', monday, 'Europe/Paris')).toBe('2026-12-31');
    expect(day('Un questionnaire début du mois prochain.', monday, 'Europe/Paris')).toBe('2026-09-01');
    expect(day('We need a budgetary quote early next month.', '2026-02-04T16:00:00Z', 'America/Edmonton')).toBe('2026-03-01');
    expect(day("I'll send it today.", monday, 'Europe/Paris')).toBe('2026-08-31');
    expect(day('Je vous envoie ça demain.', monday, 'Europe/Paris')).toBe('2026-09-01');
  });

  it('gives "next month" alone no day: a vague date', () => {
    const said = datesIn('On se reparle le mois prochain.', reference, { timeZone: 'Europe/Paris' });
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject({ vague: true, text: 'le mois prochain' });
  });

  it('never reads a duration or a past event as a date', () => {
    for (const text of [
      'Over the last eighteen months our scrap rate doubled.',
      'On est sur cet outil depuis dix-huit mois.',
      'We ran it for two weeks.',
      'A two-week pilot on ten testers.',
      'We went live on the third.',
      'On a migré le quatre.',
      'We had a demo of another tool last month.',
      'Back in March we tried.',
      'Give me a second, I can do that in a minute.',
      'We have 5,000 devices at 3 sites.',
      'Thanks for giving up a Friday afternoon.',
      'Nine days after testing is done.',
    ]) {
      expect(datesIn(text, reference, { timeZone: 'Europe/Paris' }), text).toEqual([]);
    }
  });

  it('reads the days in the representative’s zone: late Monday evening in Los Angeles is already Tuesday in UTC', () => {
    const mondayEveningLA = new Date('2026-11-24T05:00:00Z');
    expect(datesIn('I will send it tomorrow.', mondayEveningLA, { timeZone: 'America/Los_Angeles' })[0]?.day).toBe('2026-11-24');
    expect(datesIn('I will send it tomorrow.', mondayEveningLA)[0]?.day).toBe('2026-11-25');
  });
});

describe('callDateInTranscript', () => {
  const at = (text: string, zone = 'America/New_York') => callDateInTranscript(text, zone)?.toISOString() ?? null;

  it('reads the date a file’s header states, as a wall time in the rep’s zone', () => {
    expect(at('WEBVTT\n\nNOTE Meeting date: 2026-11-18 15:00\n\n1\n00:00:01.000 --> 00:00:02.000\nA: hi')).toBe(
      '2026-11-18T20:00:00.000Z',
    );
    expect(at('Weekly sync with Northwind\nNovember 18, 2026, 3:00 PM\n\nSam Lee  0:05\nHello')).toBe('2026-11-18T20:00:00.000Z');
    expect(
      at(
        'Réunion du 18 novembre 2026 à 15 h\n\nSam : Bonjour à tous, merci d’être là aujourd’hui pour cette réunion.',
        'Europe/Paris',
      ),
    ).toBe('2026-11-18T14:00:00.000Z');
    // A day alone: the start of that day.
    expect(at('Date: 2026-03-02\nSam Lee: Thanks everyone for joining this call about the renewal today.')).toBe(
      '2026-03-02T05:00:00.000Z',
    );
  });

  it('reads nothing from the turns themselves, nor from a header without a full date', () => {
    expect(at('Sam Lee: We went live on 2026-01-02 and it was a long project with lots of steps.\nDana: ok')).toBeNull();
    expect(at('WEBVTT\n\n1\n00:00:05.000 --> 00:00:14.231\nMaya Okafor: Hi, see you 2026-01-01')).toBeNull();
    expect(at('Weekly sync, March\nSam Lee  0:05\nHello')).toBeNull();
  });
});
