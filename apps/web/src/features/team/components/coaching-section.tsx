import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Coaching } from '@nexa/domain';
import { Card } from '../../../components/ui/card.tsx';
import { Table, Td, Th } from '../../../components/ui/table.tsx';
import { formatDate, formatScore } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useCoaching } from '../api/get-coaching.ts';

type CallRef = Coaching['calls'][number];

/** A representative's call scores over time and the qualification boxes their calls leave empty, each linking to the calls. */
export function CoachingSection({ repId }: { repId: string }) {
  const { t } = useTranslation('team');
  const coaching = useCoaching(repId);
  const callLink = (call: Pick<CallRef, 'opportunityId' | 'client_company_name' | 'createdAt'>) => (
    <Link
      to={paths.manager.representativeOpportunity.getHref(repId, call.opportunityId)}
      className="text-brand-700 hover:underline"
    >
      {t('coaching.call', {
        company: call.client_company_name || t('representative.unknownCompany'),
        date: formatDate(call.createdAt),
      })}
    </Link>
  );
  if (!coaching.data) return null;
  const { calls, emptyBoxes } = coaching.data;
  return (
    <Card padded data-testid="coaching">
      <h2 className="text-lg font-semibold">{t('coaching.title')}</h2>
      <p className="mb-3 text-sm text-slate-600">{t('coaching.subtitle', { count: calls.length })}</p>
      {calls.length === 0 ? (
        <p className="text-sm text-slate-600">{t('coaching.none')}</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
          <section aria-labelledby="coaching-scores">
            <h3 id="coaching-scores" className="mb-2 font-semibold">
              {t('coaching.scores')}
            </h3>
            <Table>
              <thead>
                <tr>
                  <Th>{t('coaching.callColumn')}</Th>
                  <Th className="text-right">{t('coaching.technical')}</Th>
                  <Th className="text-right">{t('coaching.commercial')}</Th>
                </tr>
              </thead>
              <tbody>
                {calls.map((call) => (
                  <tr key={call.analysisId}>
                    <Td>{callLink(call)}</Td>
                    <Td className="text-right tabular-nums">
                      {call.technicalScore === null ? '—' : formatScore(call.technicalScore)}
                    </Td>
                    <Td className="text-right tabular-nums">
                      {call.commercialScore === null ? '—' : formatScore(call.commercialScore)}
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </section>
          <section aria-labelledby="coaching-boxes">
            <h3 id="coaching-boxes" className="mb-2 font-semibold">
              {t('coaching.emptyBoxes')}
            </h3>
            {emptyBoxes.length === 0 ? (
              <p className="text-sm text-slate-600">{t('coaching.allFilled')}</p>
            ) : (
              <ul className="space-y-3">
                {emptyBoxes.map((box) => (
                  <li key={box.box}>
                    <p className="text-sm font-medium">
                      {t(`coaching.boxes.${box.box}`)} — {t('coaching.leftEmpty', { count: box.count, total: calls.length })}
                    </p>
                    <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm">
                      {box.calls.slice(0, 5).map((call) => (
                        <li key={call.analysisId}>{callLink(call)}</li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Card>
  );
}
