import { AlertTriangle, AudioLines, CheckCircle2, Download, Info, Sparkles, XCircle } from 'lucide-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  currencyOf,
  fieldLabel,
  leadTemperature,
  OPPORTUNITY_FIELDS,
  OUTCOME_OF_STAGE,
  parseCommercialPoints,
  parseTechnicalQa,
  PIPELINE_STATUS_OF_OUTCOME,
  statusIconTone,
  type Opportunity,
  type OpportunityDetail,
  type OpportunitySuggestion,
} from '@nexa/domain';
import { useDecideSuggestions, useOpportunitySuggestions } from '../../lib/api/edit-opportunity.ts';
import { useCallAnalyses } from '../../lib/api/get-call-analyses.ts';
import { holdersOf, useCommittee } from '../../lib/api/get-committee.ts';
import { specificationUrl } from '../../lib/api/download-specification.ts';
import { cn } from '../../lib/cn.ts';
import { formatDate, formatMoney, formatPercent, formatScore } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { CallAnalysisSection } from '../call-analysis/call-analysis-section.tsx';
import { LeadBadge } from '../ui/badge.tsx';
import { Button, buttonVariants } from '../ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card.tsx';
import { ScoreBar } from '../ui/score-bar.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs.tsx';
import { SpecificationDownloads, useSpecificationDownload } from './specification-downloads.tsx';
import { CloseDealDialog, DealActions, type ClosingStage } from './deal-actions.tsx';
import { DealHistory } from './deal-history.tsx';
import { DEAL_FORM, displayValue, EditableField, formOf, validationKey, type EditableFieldName } from './editable-field.tsx';
import { OwnerField } from './owner-field.tsx';
import { useUndoToast } from './undo-toast.ts';

/**
 * The rep's detail carries the owner's win rate and what editing needs (its version); the manager's
 * copy of a representative's row (the team endpoint) does not, and reads only.
 */
export type ViewedOpportunity = Opportunity & { owner_win_rate?: number | null; version?: number };

const isEditable = (o: ViewedOpportunity): o is OpportunityDetail => typeof o.version === 'number';

type Suggestions = Partial<Record<string, OpportunitySuggestion>>;

const ICONS = {
  amber: { Icon: AlertTriangle, className: 'text-amber-500' },
  green: { Icon: CheckCircle2, className: 'text-green-600' },
  red: { Icon: XCircle, className: 'text-red-600' },
  info: { Icon: Info, className: 'text-blue-600' },
} as const;

/**
 * One opportunity as the rep works on it and as the manager audits it. `readOnly` is the manager's
 * variant: no "Analyze a call", the PDF as a plain link, and both answer sets side by side, since
 * the manager reads rather than works through them.
 */
export function OpportunityView({
  opportunity: o,
  readOnly = false,
  headingLevel = 2,
  isManager = false,
  backTo,
}: {
  opportunity: ViewedOpportunity;
  /** The manager's layout (both answer sets side by side, the PDF as a link). */
  readOnly?: boolean;
  /** 3 inside a dialog, whose own title is the page's second level. */
  headingLevel?: 2 | 3;
  /** Managers may give the deal to another representative. */
  isManager?: boolean;
  /** Where to go once the deal is deleted (its page no longer exists). */
  backTo?: string;
}) {
  const { t } = useTranslation('opportunities');
  const na = t('detail.na');
  const stageName = t(`stage.${o.stage}`);
  // The status text as it arrived, when it says more than the stage it was read as ("Won", "Demo"):
  // not the stage itself, nor its pipeline group ("On-going" for a new deal, in English whatever the page's language).
  const raw = o.status?.trim();
  const received = raw && raw !== o.stage && raw !== PIPELINE_STATUS_OF_OUTCOME[OUTCOME_OF_STAGE[o.stage]] ? raw : null;
  const { Icon, className } = ICONS[statusIconTone(o.stage)];
  // The win rate shows only when the status contains "closed".
  const winRate = o.owner_win_rate !== undefined && /closed/i.test(o.status ?? '') ? o.owner_win_rate : null;
  const callAnalyses = useCallAnalyses(o.id);
  const committee = useCommittee(o.id);
  // The MEDDICC boxes name the committee's economic buyer and champion (issue 36), once it is read.
  const people = committee.data && {
    economicBuyer: holdersOf(committee.data, 'economic_buyer'),
    champion: holdersOf(committee.data, 'champion'),
    href: (id: number) => (readOnly ? paths.manager.contact.getHref(id) : paths.rep.contact.getHref(id)),
  };
  const editable = isEditable(o);
  const suggestionsQuery = useOpportunitySuggestions(o.id, editable);
  const suggestions: Suggestions = Object.fromEntries((suggestionsQuery.data?.items ?? []).map((s) => [s.field, s]));
  const [closing, setClosing] = useState<ClosingStage | null>(null);
  const fields: Array<[string, string | null]> = [
    [t(fieldLabel('product')), o.product],
    [t(fieldLabel('client_company_name')), o.client_company_name],
    [t(fieldLabel('company_industry')), o.company_industry],
    [t('detail.status'), stageName],
    ...(received ? [[t('detail.statusReceived'), received] as [string, string]] : []),
    [t(fieldLabel('closing_date')), formatDate(o.closing_date)],
    [t(fieldLabel('client_name')), o.client_name],
  ];
  const field = (
    name: EditableFieldName,
    display?: string,
    // The stage shows a suggested status text: the stage follows from it.
    suggestion = suggestions[name],
  ) =>
    editable && (
      <EditableField
        key={name}
        deal={o}
        field={name}
        display={display}
        suggestion={suggestion}
        onStage={(stage) => {
          if (stage !== 'Closed-Win' && stage !== 'Closed-Lost') return false;
          setClosing(stage);
          return true;
        }}
      />
    );
  // The deal's form (opportunity-fields.ts: `form`): the owner for managers, the stage with the
  // status text it was read from, a closed deal's reason.
  const formField = (name: EditableFieldName) => {
    if (!isEditable(o)) return null;
    if (OPPORTUNITY_FIELDS[name].kind === 'owner') return isManager && <OwnerField key={name} deal={o} />;
    if (formOf(name).closed && o.outcome === 'open') return null;
    if (formOf(name).wide)
      return (
        <div key={name} className="sm:col-span-2 lg:col-span-3">
          {field(name)}
        </div>
      );
    if (name !== 'stage') return field(name);
    return (
      <Fragment key={name}>
        {field('stage', stageName, suggestions.status)}
        {/* The status text as the CRM or sheet wrote it: lists show the stage it was read as. */}
        {received && (
          <div data-testid="status-received">
            <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('detail.statusReceived')}</dt>
            <dd className="mt-0.5 text-slate-900 [overflow-wrap:anywhere]">{received}</dd>
          </div>
        )}
      </Fragment>
    );
  };

  return (
    <>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <Icon
              className={cn('h-6 w-6', className)}
              aria-label={stageName}
              data-testid="status-icon"
              data-tone={statusIconTone(o.stage)}
            />
            <CardTitle className="text-xl">{o.client_company_name?.trim() || t('detail.unnamed')}</CardTitle>
            {leadTemperature(o.lead_status) !== 'N/A' && <LeadBadge value={o.lead_status} na={na} />}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {readOnly ? (
              <SpecificationLink id={o.id} />
            ) : (
              <>
                <AnalyzeCallLink id={o.id} />
                <SpecificationDownloads id={o.id} attachedFile={o.technical_attached_file} />
              </>
            )}
          </div>
        </CardHeader>
        <CardContent className="space-y-6">
          {editable && (
            <>
              <DealActions deal={o} onClose={setClosing} backTo={backTo} />
              <SuggestionsBanner deal={o} count={suggestionsQuery.data?.items.length ?? 0} />
            </>
          )}
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <ScoreTile label={t('detail.technicalScore')} score={o.technical_scoring} />
            <ScoreTile label={t('detail.commercialScore')} score={o.commercial_scoring} />
            {o.owner_win_rate !== undefined && (
              <Tile label={t('detail.winRate')} value={winRate === null ? na : formatPercent(winRate)} />
            )}
            <Tile
              label={t('detail.dealValue')}
              value={o.amount === null ? na : formatMoney(o.amount, { currency: currencyOf(o) })}
            />
          </div>
          {editable ? (
            <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="deal-fields">
              {DEAL_FORM.map(formField)}
            </dl>
          ) : (
            <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
              {fields.map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
                  <dd className="mt-0.5 text-slate-900 [overflow-wrap:anywhere]">{value?.toString().trim() ? value : na}</dd>
                </div>
              ))}
            </dl>
          )}
        </CardContent>
      </Card>

      {readOnly ? (
        <Card>
          <CardContent className="grid gap-5 pt-4 sm:pt-5 lg:grid-cols-2">
            <TechnicalAnswers opportunity={o} suggestions={suggestions} />
            <CommercialAnswers opportunity={o} suggestions={suggestions} />
          </CardContent>
        </Card>
      ) : (
        <AnswerTabs opportunity={o} suggestions={suggestions} />
      )}

      <CallAnalysisSection
        query={callAnalyses}
        headingLevel={headingLevel}
        opportunityId={readOnly ? undefined : o.id}
        people={people || undefined}
      />
      {editable && <DealHistory deal={o} headingLevel={headingLevel} />}
      {editable && <CloseDealDialog deal={o} stage={closing} onClose={() => setClosing(null)} />}
    </>
  );
}

/**
 * "The AI has N suggestions": accept (with a toast that can undo it) or dismiss them all at once. A
 * suggested status that would close the deal waits for its close date, and the toast says so.
 */
function SuggestionsBanner({ deal, count }: { deal: OpportunityDetail; count: number }) {
  const { t } = useTranslation('opportunities');
  const decide = useDecideSuggestions(deal.id);
  const undoToast = useUndoToast();
  if (!count) return null;
  const acceptAll = () => {
    const before = deal;
    // Not the mutation's per-call callbacks: the banner unmounts once nothing waits, and the toast must still come.
    decide
      .mutateAsync({ decision: 'accept' })
      .then((row) => {
        const accepted = count - row.held.length;
        const held =
          row.held[0] && t('edit.held', { value: displayValue(row.held[0].value, row.held[0].field, t('detail.na'), deal) });
        if (accepted > 0) undoToast(t('edit.accepted', { count: accepted }), before, row, { description: held });
        else if (held) toast.warning(held);
      })
      .catch((err: unknown) => toast.error(t(validationKey(err))));
  };
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-violet-200 bg-violet-50 p-3"
      data-testid="suggestions-banner"
    >
      <p className="flex items-center gap-2 text-sm font-medium text-violet-950">
        <Sparkles className="h-4 w-4" aria-hidden />
        {t('edit.suggestionsWaiting', { count })}
      </p>
      <div className="flex gap-2">
        <Button size="sm" disabled={decide.isPending} onClick={acceptAll} data-testid="accept-all">
          {t('edit.acceptAll')}
        </Button>
        <Button size="sm" variant="secondary" disabled={decide.isPending} onClick={() => decide.mutate({ decision: 'dismiss' })}>
          {t('edit.dismissAll')}
        </Button>
      </div>
    </div>
  );
}

function AnswerTabs({ opportunity: o, suggestions }: { opportunity: ViewedOpportunity; suggestions: Suggestions }) {
  const { t } = useTranslation('opportunities');
  const technical = useSpecificationDownload(o.id);
  return (
    <Tabs defaultValue="commercial">
      <TabsList>
        <TabsTrigger value="commercial">{t('detail.commercialTab')}</TabsTrigger>
        <TabsTrigger value="technical">{t('detail.technicalTab')}</TabsTrigger>
      </TabsList>
      <TabsContent value="commercial">
        <Card>
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle>{t('detail.commercialTab')}</CardTitle>
          </CardHeader>
          <CardContent>
            <CommercialAnswers opportunity={o} suggestions={suggestions} />
          </CardContent>
        </Card>
      </TabsContent>
      <TabsContent value="technical">
        <Card>
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle>{t('detail.technicalTab')}</CardTitle>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void technical.run('technical')}
              disabled={technical.busy !== null}
              data-testid="download-technical"
            >
              {t('detail.downloadTechnical')}
            </Button>
          </CardHeader>
          <CardContent>
            <TechnicalAnswers opportunity={o} suggestions={suggestions} />
          </CardContent>
        </Card>
      </TabsContent>
    </Tabs>
  );
}

function TechnicalAnswers({ opportunity: o, suggestions }: { opportunity: ViewedOpportunity; suggestions: Suggestions }) {
  const { t } = useTranslation('opportunities');
  const qa = parseTechnicalQa(o.technical_answers);
  return (
    <section aria-labelledby={`technical-${o.id}`} className="space-y-3">
      <h3 id={`technical-${o.id}`} className="font-semibold text-slate-900">
        {t('detail.answers', { part: t('detail.technical') })}
      </h3>
      {qa.length === 0 ? (
        <p className="text-sm text-slate-600">{t('detail.noQa')}</p>
      ) : (
        <ol className="space-y-3 text-sm">
          {qa.map((pair, i) => (
            <li key={i} className="rounded-lg bg-slate-50 p-3">
              <p className="font-medium text-slate-900">
                <span className="sr-only">{t('detail.question')}: </span>
                {pair.question}
              </p>
              <p className="mt-1 text-slate-700">
                <span className="sr-only">{t('detail.response')}: </span>
                {pair.response}
              </p>
            </li>
          ))}
        </ol>
      )}
      <Feedback opportunity={o} field="technical_feedback" suggestion={suggestions.technical_feedback} />
    </section>
  );
}

function CommercialAnswers({ opportunity: o, suggestions }: { opportunity: ViewedOpportunity; suggestions: Suggestions }) {
  const { t } = useTranslation('opportunities');
  const points = parseCommercialPoints(o.commercial_answers);
  return (
    <section aria-labelledby={`commercial-${o.id}`} className="space-y-3">
      <h3 id={`commercial-${o.id}`} className="flex items-baseline justify-between gap-2 font-semibold text-slate-900">
        <span>{t('detail.answers', { part: t('detail.commercial') })}</span>
        <span className="text-sm font-medium text-slate-600" data-testid="points-count">
          {t('detail.points', { count: points.length })}
        </span>
      </h3>
      {points.length === 0 ? (
        <p className="text-sm text-slate-600">{t('detail.noPoints')}</p>
      ) : (
        <ol className="space-y-3">
          {points.map((point, i) => (
            <li key={i} className="flex gap-3">
              <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-700">
                {point.number}
              </span>
              <p className="text-slate-800">
                {point.title && <strong className="font-semibold text-slate-900">{point.title}: </strong>}
                {point.text}
              </p>
            </li>
          ))}
        </ol>
      )}
      <Feedback opportunity={o} field="commercial_feedback" suggestion={suggestions.commercial_feedback} />
    </section>
  );
}

/** The analysis's feedback: a person may correct it, and a later analysis then only suggests. */
function Feedback({
  opportunity: o,
  field,
  suggestion,
}: {
  opportunity: ViewedOpportunity;
  field: 'technical_feedback' | 'commercial_feedback';
  suggestion?: OpportunitySuggestion;
}) {
  const { t } = useTranslation('opportunities');
  const text = o[field];
  if (isEditable(o)) {
    return (
      <div className="rounded-lg bg-slate-50 p-3 text-sm">
        <EditableField
          deal={o}
          field={field}
          label={t('detail.feedback')}
          display={text || t('detail.noFeedback')}
          suggestion={suggestion}
          heading
        />
      </div>
    );
  }
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <h4 className="text-sm font-semibold text-slate-900">{t('detail.feedback')}</h4>
      <p className="text-sm text-slate-700">{text || t('detail.noFeedback')}</p>
    </div>
  );
}

function ScoreTile({ label, score }: { label: string; score: number | null }) {
  const { t } = useTranslation('opportunities');
  const value = score === null ? null : Math.max(0, Math.min(10, score));
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">
        {value === null ? t('detail.na') : t('detail.scoreOutOf', { score: formatScore(value) })}
      </p>
      <div className="mt-2">
        <ScoreBar score={value} label={t('detail.scoreProgress', { label, score: value ?? 0 })} />
      </div>
    </div>
  );
}

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</p>
    </div>
  );
}

function AnalyzeCallLink({ id }: { id: number }) {
  const { t } = useTranslation('call-analysis');
  return (
    <Link
      to={paths.rep.analyze.getHref(id)}
      className={buttonVariants({ variant: 'secondary', size: 'sm' })}
      data-testid="analyze-call"
    >
      <AudioLines className="h-4 w-4" aria-hidden />
      {t('section.analyze')}
    </Link>
  );
}

/** The manager's download: a plain link, opened beside the audit. */
function SpecificationLink({ id }: { id: number }) {
  const { t } = useTranslation('opportunities');
  return (
    <a
      href={specificationUrl(id, 'pdf')}
      target="_blank"
      rel="noopener"
      download
      className={buttonVariants({ size: 'sm' })}
      data-testid="specification-download"
    >
      <Download className="h-4 w-4" aria-hidden />
      {t('detail.downloadSpecification')}
    </a>
  );
}
