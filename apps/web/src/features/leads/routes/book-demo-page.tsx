import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { fr } from 'react-day-picker/locale/fr';
import 'react-day-picker/style.css';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { demoBookingSchema, zoneShortName, type DemoBooking, type DemoBookingInput, type DemoRequestCreated } from '@nexa/domain';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { CompanyField, EmailField, NameField, SubmitButton } from '../../../components/ui/form-fields.tsx';
import { Field, TextArea } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { inviteHref, useCreateDemoRequest } from '../api/create-demo-request.ts';
import { useDemoSlots } from '../api/get-demo-slots.ts';
import { Confirmation, FormCard, LeadForm, useValidationMessage } from '../components/form-field.tsx';
import { toastSubmitError } from '../components/lead-errors.ts';

const EMPTY: DemoBookingInput = {
  request_type: 'demo',
  full_name: '',
  email: '',
  company_name: '',
  selected_date: '',
  notes: '',
  website: '',
};

const visitorZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const localeOf = () => (currentLanguage() === 'fr' ? 'fr-FR' : 'en-US');
/** America/New_York → New York. */
const placeName = (zone: string) => (zone.split('/').pop() ?? zone).replaceAll('_', ' ');
const dayKeyFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });
const dayKey = (date: Date) => dayKeyFormat.format(date);

/** A slot in the visitor's zone, and the same moment in the reference zone. */
function describeSlot(iso: string, referenceZone: string) {
  const at = new Date(iso);
  const locale = localeOf();
  return {
    local: new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }).format(at),
    localZone: zoneShortName(at.getTime(), visitorZone(), locale),
    reference: new Intl.DateTimeFormat(locale, { timeZone: referenceZone, hour: 'numeric', minute: '2-digit' }).format(at),
    referenceZone: zoneShortName(at.getTime(), referenceZone, locale),
    place: placeName(referenceZone),
  };
}

export function BookDemoPage() {
  const { t } = useTranslation('leads');
  const validationMessage = useValidationMessage();
  usePageMeta(`${t('bookDemo.title')} — Nexa`);
  const slots = useDemoSlots();
  const create = useCreateDemoRequest();
  const [booked, setBooked] = useState<DemoRequestCreated | null>(null);
  const [day, setDay] = useState<Date | undefined>();
  const form = useForm<DemoBookingInput, unknown, DemoBooking>({
    resolver: zodResolver(demoBookingSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const selected = form.watch('selected_date');
  const referenceZone = slots.data?.timeZone ?? 'America/New_York';

  const slotsByDay = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const slot of slots.data?.slots ?? []) {
      const key = dayKey(new Date(slot));
      map.set(key, [...(map.get(key) ?? []), slot]);
    }
    return map;
  }, [slots.data]);
  const daySlots = day ? (slotsByDay.get(dayKey(day)) ?? []) : [];
  const timeFormat = new Intl.DateTimeFormat(localeOf(), { hour: 'numeric', minute: '2-digit' });

  const onSubmit = form.handleSubmit(
    async (values) => {
      setBooked(null);
      try {
        const result = await create.mutateAsync(values);
        form.reset(EMPTY);
        setDay(undefined);
        setBooked(result);
        void slots.refetch();
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) void slots.refetch();
        toastSubmitError(t, error, { title: 'bookDemo.errorTitle', description: 'bookDemo.errorBody' });
      }
    },
    (invalid) => {
      // Destructive toasts for a missing date and an invalid e-mail.
      if (invalid.selected_date) toast.error(t('validation.date_required'));
      if (invalid.email?.message === 'invalid_email') toast.error(t('validation.invalid_email'));
    },
  );

  const confirmation = booked && describeSlot(booked.selected_date, referenceZone);

  return (
    <FormCard title={t('bookDemo.title')} intro={t('bookDemo.intro')}>
      {confirmation && booked && (
        <Confirmation title={t('bookDemo.successTitle')}>
          <p data-testid="booking-time">
            {t('bookDemo.successBody', {
              time: confirmation.local,
              zone: confirmation.localZone,
              reference: confirmation.reference,
              place: confirmation.place,
              referenceZone: confirmation.referenceZone,
            })}
          </p>
          <a
            href={inviteHref(booked.id)}
            download="nexa-demo.ics"
            className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }), 'mt-3')}
          >
            <CalendarPlus className="h-4 w-4" aria-hidden />
            {t('bookDemo.addToCalendar')}
          </a>
        </Confirmation>
      )}
      <LeadForm label={t('bookDemo.title')} onSubmit={onSubmit} honeypot={form.register('website')}>
        <div className="grid gap-5 sm:grid-cols-2">
          <NameField
            label={t('fields.fullName')}
            error={validationMessage(errors.full_name?.message)}
            {...form.register('full_name')}
          />
          <CompanyField
            label={t('fields.company')}
            error={validationMessage(errors.company_name?.message)}
            {...form.register('company_name')}
          />
        </div>
        <EmailField label={t('fields.email')} error={validationMessage(errors.email?.message)} {...form.register('email')} />

        <fieldset className="space-y-3" aria-describedby="slot-zone-note">
          <legend className="text-sm font-medium text-slate-800">
            {t('bookDemo.dateLabel')}
            <span className="text-red-600" aria-hidden>
              {' '}
              *
            </span>
          </legend>
          <p id="slot-zone-note" className="text-xs text-slate-500">
            {/* One zone named once when the visitor is in the team's zone (issue 38). */}
            {visitorZone() === referenceZone
              ? t('bookDemo.zoneNoteSame', {
                  reference: `${placeName(referenceZone)} (${zoneShortName(Date.now(), referenceZone, localeOf())})`,
                })
              : t('bookDemo.zoneNote', {
                  zone: visitorZone().replaceAll('_', ' '),
                  reference: `${placeName(referenceZone)} (${zoneShortName(Date.now(), referenceZone, localeOf())})`,
                })}
          </p>
          {slots.isError ? (
            <p className="text-sm text-red-600">{t('bookDemo.slotsError')}</p>
          ) : (
            <div className="flex flex-col gap-4 md:flex-row md:items-start">
              <div className="rounded-xl border border-slate-200 p-2" data-testid="demo-calendar">
                <DayPicker
                  mode="single"
                  selected={day}
                  onSelect={(next) => {
                    setDay(next);
                    form.setValue('selected_date', '', { shouldValidate: false });
                  }}
                  locale={currentLanguage() === 'fr' ? fr : undefined}
                  startMonth={new Date()}
                  endMonth={new Date(Date.now() + 60 * 24 * 3600_000)}
                  disabled={(date) => !slotsByDay.has(dayKey(date))}
                  style={
                    {
                      '--rdp-accent-color': 'var(--color-brand-600)',
                      '--rdp-day-width': '40px',
                      '--rdp-day-height': '40px',
                      '--rdp-day_button-width': '38px',
                      '--rdp-day_button-height': '38px',
                    } as React.CSSProperties
                  }
                />
              </div>
              <div className="min-w-0 flex-1">
                {!day ? (
                  <p className="text-sm text-slate-600">{slots.isPending ? t('bookDemo.loadingSlots') : t('bookDemo.pickDay')}</p>
                ) : (
                  <div
                    role="radiogroup"
                    aria-label={t('bookDemo.timeLabel')}
                    className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-2"
                  >
                    {daySlots.map((slot) => {
                      const checked = selected === slot;
                      return (
                        <button
                          key={slot}
                          type="button"
                          role="radio"
                          aria-checked={checked}
                          onClick={() => form.setValue('selected_date', slot, { shouldValidate: true })}
                          className={cn(
                            'rounded-lg border px-2 py-2 text-sm font-medium whitespace-nowrap tabular-nums',
                            checked
                              ? 'border-brand-600 bg-brand-600 text-white'
                              : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600',
                          )}
                        >
                          {timeFormat.format(new Date(slot))}
                        </button>
                      );
                    })}
                  </div>
                )}
                {selected && (
                  <p className="mt-3 text-sm text-slate-700" data-testid="selected-slot">
                    {(() => {
                      const d = describeSlot(selected, referenceZone);
                      return t('bookDemo.selected', {
                        time: d.local,
                        zone: d.localZone,
                        reference: d.reference,
                        place: d.place,
                        referenceZone: d.referenceZone,
                      });
                    })()}
                  </p>
                )}
                {errors.selected_date && <p className="mt-2 text-sm text-red-600">{t('validation.date_required')}</p>}
              </div>
            </div>
          )}
        </fieldset>

        <Field label={t('fields.notes')} error={validationMessage(errors.notes?.message)}>
          {({ id, describedBy, invalid }) => (
            <TextArea id={id} aria-describedby={describedBy} aria-invalid={invalid} {...form.register('notes')} />
          )}
        </Field>
        <SubmitButton busy={isSubmitting} busyLabel={t('bookDemo.submitting')}>
          {t('bookDemo.submit')}
        </SubmitButton>
      </LeadForm>
    </FormCard>
  );
}
