import type { Language } from '@nexa/domain/language';
import { moverOf, type NotificationKind } from '@nexa/domain/notifications';
import { dateFormat, longDate, mailInLanguage } from '../../mail/in-language.ts';
import type { MailMessage } from '../../mail/mailer.ts';

/**
 * The notification e-mails (issue 37) in the person's language, in both product languages when they
 * never chose one (mailInLanguage, as every e-mail to a person). The words are the bell's own
 * (locales/{en,fr}/notifications.json).
 */

export interface MailNotification {
  kind: NotificationKind;
  data: Record<string, unknown>;
  created_at: string;
}

export interface Digest {
  /** Monday of the digest's week in the manager's zone. */
  week: string;
  /** The forecast's changes since last week's snapshot (insights' getForecastChanges), by kind. */
  changes: Record<string, number>;
  /** The team's deals at risk (insights' listRisks), first page: name, owner and warning codes. */
  risks: Array<{ deal: string; owner: string | null; warnings: string[] }>;
  risksMore: boolean;
  /** The team's overdue tasks (tasks' teamOverdue): total and the first few. */
  overdue: { total: number; capped: boolean; items: Array<{ title: string; owner: string; due_at: string }> };
}

const text = (value: unknown, fallback = '') => (typeof value === 'string' && value !== '' ? value : fallback);

const WORDS = {
  en: {
    hello: (name: string) => `Hello ${name},`,
    open: 'Open Nexa:',
    settings: 'Choose which notifications you get, and how, in your settings:',
    integration: 'an integration',
    ai: 'a call analysis',
    someone: 'someone',
    deal_moved: (d: Record<string, unknown>, by: string) =>
      `${text(d.deal)} was moved by ${by}: ${text(d.from, '—')} → ${text(d.to, '—')}.`,
    task_due: (d: Record<string, unknown>, at: string) => `Your task "${text(d.title)}" is due (${at}).`,
    deal_at_risk: (d: Record<string, unknown>) => `${text(d.deal)} is at risk.`,
    mention: (d: Record<string, unknown>) =>
      `${text(d.by, 'Someone')} mentioned you in a note on ${text(d.deal)}: "${text(d.excerpt)}"`,
    analysis_finished: (d: Record<string, unknown>) =>
      d.deal ? `The call analysis of ${text(d.deal)} is ready.` : 'Your call analysis is ready.',
    weekly_digest: (d: Record<string, unknown>) => `Your team's weekly digest for the week of ${text(d.week)} is ready.`,
    subject: {
      deal_moved: 'Nexa: a deal of yours was moved',
      task_due: 'Nexa: a task is due',
      deal_at_risk: 'Nexa: a deal is at risk',
      mention: 'Nexa: you were mentioned in a note',
      analysis_finished: 'Nexa: your call analysis is ready',
      weekly_digest: "Nexa: your team's weekly digest",
    } satisfies Record<NotificationKind, string>,
    daily: (day: string) => `Nexa: your summary of ${day}`,
    dailyIntro: (n: number) =>
      n === 1 ? 'One notification since your last summary:' : `${n} notifications since your last summary:`,
    digestSubject: (week: string) => `Nexa: your team's week of ${week}`,
    forecast: 'Forecast since last week',
    changeKinds: {
      added: 'added',
      won: 'won',
      lost: 'lost',
      slipped: 'slipped',
      pulled_in: 'pulled in',
      moved: 'moved',
      amount: 'amount changed',
      removed: 'removed',
    } as Record<string, string>,
    risks: (n: number, more: boolean) => `Deals at risk (${n}${more ? '+' : ''})`,
    overdue: (n: number, capped: boolean) => `Overdue tasks (${n}${capped ? '+' : ''})`,
    none: 'none',
    dueOn: (at: string) => `due ${at}`,
  },
  fr: {
    hello: (name: string) => `Bonjour ${name},`,
    open: 'Ouvrir Nexa :',
    settings: 'Choisissez quelles notifications vous recevez, et comment, dans vos paramètres :',
    integration: 'une intégration',
    ai: "une analyse d'appel",
    someone: "quelqu'un",
    deal_moved: (d: Record<string, unknown>, by: string) =>
      `${text(d.deal)} a été déplacée par ${by} : ${text(d.from, '—')} → ${text(d.to, '—')}.`,
    task_due: (d: Record<string, unknown>, at: string) => `Votre tâche « ${text(d.title)} » arrive à échéance (${at}).`,
    deal_at_risk: (d: Record<string, unknown>) => `${text(d.deal)} est à risque.`,
    mention: (d: Record<string, unknown>) =>
      `${text(d.by, "Quelqu'un")} vous a mentionné dans une note sur ${text(d.deal)} : « ${text(d.excerpt)} »`,
    analysis_finished: (d: Record<string, unknown>) =>
      d.deal ? `L'analyse d'appel de ${text(d.deal)} est prête.` : "Votre analyse d'appel est prête.",
    weekly_digest: (d: Record<string, unknown>) =>
      `Le résumé hebdomadaire de votre équipe pour la semaine du ${text(d.week)} est prêt.`,
    subject: {
      deal_moved: "Nexa : l'une de vos opportunités a été déplacée",
      task_due: 'Nexa : une tâche arrive à échéance',
      deal_at_risk: 'Nexa : une opportunité est à risque',
      mention: 'Nexa : vous avez été mentionné dans une note',
      analysis_finished: "Nexa : votre analyse d'appel est prête",
      weekly_digest: 'Nexa : le résumé hebdomadaire de votre équipe',
    } satisfies Record<NotificationKind, string>,
    daily: (day: string) => `Nexa : votre résumé du ${day}`,
    dailyIntro: (n: number) =>
      n === 1 ? 'Une notification depuis votre dernier résumé :' : `${n} notifications depuis votre dernier résumé :`,
    digestSubject: (week: string) => `Nexa : la semaine de votre équipe (${week})`,
    forecast: 'Prévision depuis la semaine dernière',
    changeKinds: {
      added: 'ajoutées',
      won: 'gagnées',
      lost: 'perdues',
      slipped: 'repoussées',
      pulled_in: 'avancées',
      moved: 'déplacées',
      amount: 'montant modifié',
      removed: 'retirées',
    } as Record<string, string>,
    risks: (n: number, more: boolean) => `Opportunités à risque (${n}${more ? '+' : ''})`,
    overdue: (n: number, capped: boolean) => `Tâches en retard (${n}${capped ? '+' : ''})`,
    none: 'aucune',
    dueOn: (at: string) => `échéance ${at}`,
  },
};

const when = (language: Language, iso: string, timeZone: string) =>
  dateFormat(language, { dateStyle: 'medium', timeStyle: 'short' }, timeZone).format(new Date(iso));

/** One notification as a line of text. */
export function notificationLine(language: Language, n: MailNotification, timeZone: string): string {
  const w = WORDS[language];
  const d = n.data;
  switch (n.kind) {
    case 'deal_moved':
      return w.deal_moved(d, text(d.by, w[moverOf(d.source)]));
    case 'task_due':
      return w.task_due(d, when(language, text(d.due_at, n.created_at), timeZone));
    case 'deal_at_risk':
      return w.deal_at_risk(d);
    case 'mention':
      return w.mention(d);
    case 'analysis_finished':
      return w.analysis_finished(d);
    case 'weekly_digest':
      return w.weekly_digest({ ...d, week: longDate(language, text(d.week)) });
  }
}

export interface Recipient {
  email: string;
  fullName: string;
  /** Null: never chose; the e-mail is written in both languages. */
  language: Language | null;
  timeZone: string;
}

export interface Links {
  appUrl: string;
  settingsUrl: string;
}

function compose(to: Recipient, subject: (l: Language) => string, lines: (l: Language) => string[], links: Links): MailMessage {
  const body = (l: Language) => [
    WORDS[l].hello(to.fullName),
    '',
    ...lines(l),
    '',
    WORDS[l].open,
    links.appUrl,
    '',
    WORDS[l].settings,
    links.settingsUrl,
  ];
  return mailInLanguage(to.email, to.language, subject, body);
}

/** One notification, e-mailed as it happens. */
export function notificationMail(to: Recipient, n: MailNotification, links: Links): MailMessage {
  return compose(
    to,
    (l) => WORDS[l].subject[n.kind],
    (l) => [notificationLine(l, n, to.timeZone)],
    links,
  );
}

/** The day's summary: every notification the person takes as a daily e-mail, oldest first. */
export function dailySummaryMail(to: Recipient, summaryDay: string, items: MailNotification[], links: Links): MailMessage {
  return compose(
    to,
    (l) => WORDS[l].daily(longDate(l, summaryDay)),
    (l) => [WORDS[l].dailyIntro(items.length), '', ...items.map((n) => `- ${notificationLine(l, n, to.timeZone)}`)],
    links,
  );
}

/** A manager's weekly digest: the team's figures as the manager's pages show them. */
export function digestMail(to: Recipient, digest: Digest, links: Links): MailMessage {
  return compose(
    to,
    (l) => WORDS[l].digestSubject(longDate(l, digest.week)),
    (l) => {
      const w = WORDS[l];
      const changes = Object.entries(digest.changes).filter(([, n]) => n > 0);
      return [
        `${w.forecast}:`,
        changes.length ? changes.map(([kind, n]) => `${w.changeKinds[kind] ?? kind}: ${n}`).join(', ') : w.none,
        '',
        `${w.risks(digest.risks.length, digest.risksMore)}:`,
        ...(digest.risks.length
          ? digest.risks.map((r) => `- ${r.deal}${r.owner ? ` (${r.owner})` : ''}: ${r.warnings.join(', ')}`)
          : [w.none]),
        '',
        `${w.overdue(digest.overdue.total, digest.overdue.capped)}:`,
        ...(digest.overdue.items.length
          ? digest.overdue.items.map((t) => `- ${t.title} — ${t.owner}, ${w.dueOn(when(l, t.due_at, to.timeZone))}`)
          : [w.none]),
      ];
    },
    links,
  );
}
