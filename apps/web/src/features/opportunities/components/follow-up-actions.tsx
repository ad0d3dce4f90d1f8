import { CalendarPlus, Copy, Mail, PenLine } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  calendarInvite,
  draftFollowUp,
  FOLLOW_UP_MEETING_MINUTES,
  followUpMeetingUid,
  mailtoHref,
  meetingTitle,
  type FollowUpDraft,
  type OpportunityDetail,
} from '@nexa/domain';
import { buttonVariants } from '../../../components/ui/button-variants.ts';
import { SendFollowUpButton } from '../../../components/opportunities/send-follow-up.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field, TextArea, TextField } from '../../../components/ui/text-field.tsx';
import { useCallAnalyses } from '../../../lib/api/get-call-analyses.ts';
import { useMe } from '../../../lib/api/get-me.ts';
import { cn } from '../../../lib/cn.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { saveBlob } from '../../../lib/download.ts';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * After a call: the follow-up e-mail sent from Nexa to the deal's contacts (issue 37), or drafted from
 * the deal's latest analysis (editable, then copied or opened in the mail program), and the next
 * meeting as a calendar file.
 */
export function FollowUpActions({ opportunity }: { opportunity: OpportunityDetail }) {
  const { t } = useTranslation('follow-up');
  const analyses = useCallAnalyses(opportunity.id);
  const me = useMe();
  const [draft, setDraft] = useState<FollowUpDraft | null>(null);
  const latest = analyses.data?.latest;
  const meeting = opportunity.next_meeting_date;

  const makeDraft = () => {
    if (!latest) return;
    setDraft(
      draftFollowUp({
        language: latest.language,
        contactName: opportunity.client_name,
        companyName: opportunity.client_company_name,
        product: opportunity.product,
        senderName: me.data?.full_name ?? '',
        analysis: latest.result,
        nextMeeting: meeting,
        timeZone: me.data?.time_zone ?? browserZone(),
      }),
    );
  };

  const copy = async () => {
    if (!draft) return;
    try {
      await navigator.clipboard.writeText(`${draft.subject}\n\n${draft.body}`);
      toast.success(t('copied'));
    } catch {
      toast.error(t('copyFailed'));
    }
  };

  const addToCalendar = () => {
    if (!meeting) return;
    const ics = calendarInvite({
      // One UID per deal (the e-mailed invite's too): downloading again after the meeting moved updates the same event.
      uid: followUpMeetingUid(opportunity.id),
      start: meeting,
      durationMinutes: FOLLOW_UP_MEETING_MINUTES,
      title: meetingTitle(currentLanguage(), opportunity.client_company_name),
      description: opportunity.product ? t('meetingDescription', { product: opportunity.product }) : undefined,
      url: window.location.href,
      stamp: new Date(),
    });
    saveBlob(new Blob([ics], { type: 'text/calendar;charset=utf-8' }), `nexa-meeting-${opportunity.id}.ics`);
  };

  return (
    <Card data-testid="follow-up">
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <p className="text-sm text-slate-600">{t('send.hint')}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap gap-2">
          <SendFollowUpButton opportunityId={opportunity.id} />
          {latest && (
            <Button variant="secondary" onClick={makeDraft} title={t('hint')}>
              <PenLine className="h-4 w-4" aria-hidden />
              {draft ? t('redraft') : t('draft')}
            </Button>
          )}
          {meeting ? (
            <Button variant="secondary" onClick={addToCalendar} title={t('calendarHint')}>
              <CalendarPlus className="h-4 w-4" aria-hidden />
              {t('calendar')}
            </Button>
          ) : null}
        </div>
        {draft && (
          <div className="space-y-3">
            <TextField
              label={t('subject')}
              value={draft.subject}
              onChange={(e) => setDraft({ ...draft, subject: e.target.value })}
            />
            <Field label={t('body')}>
              {({ id }) => (
                <TextArea
                  id={id}
                  className="min-h-72 font-mono text-sm"
                  value={draft.body}
                  onChange={(e) => setDraft({ ...draft, body: e.target.value })}
                />
              )}
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => void copy()}>
                <Copy className="h-4 w-4" aria-hidden />
                {t('copy')}
              </Button>
              <a className={cn(buttonVariants({ variant: 'secondary' }), 'gap-2')} href={mailtoHref(draft)}>
                <Mail className="h-4 w-4" aria-hidden />
                {t('openMail')}
              </a>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
