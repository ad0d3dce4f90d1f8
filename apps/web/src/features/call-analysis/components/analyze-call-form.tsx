import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranscriptLanguage } from '@nexa/domain';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { inputClass } from '../../../components/ui/text-field.tsx';
import { useOpportunity } from '../../../lib/api/get-opportunity.ts';
import { cn } from '../../../lib/cn.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { today } from '../../../lib/today.ts';
import type { CallAnalysisInput } from '../api/create-call-analysis.ts';
import { textBytes, TRANSCRIPT_MAX_BYTES } from '../transcript-file.ts';
import { OpportunityPicker, opportunityName, type PickedOpportunity } from './opportunity-picker.tsx';
import { TranscriptInput } from './transcript-input.tsx';

type Errors = Partial<Record<'transcript' | 'opportunity' | 'company' | 'product' | 'amount' | 'callDate', string>>;

/** "25,000", "25 000 $" and "1 250,50" alike: thousands separators go, a lone comma is the decimal one. */
export function parseAmount(raw: string): number {
  const compact = raw.replace(/[\s$]/g, '');
  return Number(/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(compact) ? compact.replace(/,/g, '') : compact.replace(',', '.'));
}

/** The transcript, the opportunity it belongs to (existing or new) and the language of the analysis. */
export function AnalyzeCallForm({
  prefilledId,
  submitting,
  onSubmit,
}: {
  prefilledId: number | null;
  submitting: boolean;
  onSubmit: (input: CallAnalysisInput) => void;
}) {
  const { t } = useTranslation('call-analysis');
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [mode, setMode] = useState<'existing' | 'new'>('existing');
  const [picked, setPicked] = useState<PickedOpportunity | null>(null);
  const [company, setCompany] = useState('');
  const [product, setProduct] = useState('');
  const [amount, setAmount] = useState('');
  const [language, setLanguage] = useState<TranscriptLanguage>(currentLanguage());
  // The call's own date: relative dates said in it are read from this day (a date in the file's header wins).
  const [callDate, setCallDate] = useState(today);
  const [errors, setErrors] = useState<Errors>({});
  const formRef = useRef<HTMLFormElement>(null);

  const prefilled = useOpportunity(prefilledId);
  useEffect(() => {
    if (prefilled.data) setPicked((current) => current ?? { id: prefilled.data.id, name: opportunityName(prefilled.data) });
  }, [prefilled.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!file && !text.trim()) found.transcript = t('form.errors.transcriptMissing');
    else if (!file && textBytes(text) > TRANSCRIPT_MAX_BYTES) found.transcript = t('form.errors.textSize');
    const amountValue = amount.trim() === '' ? undefined : parseAmount(amount);
    if (mode === 'existing' && !picked) found.opportunity = t('form.errors.opportunityMissing');
    if (mode === 'new') {
      if (!company.trim()) found.company = t('form.errors.companyMissing');
      if (!product.trim()) found.product = t('form.errors.productMissing');
      if (amountValue !== undefined && !(Number.isFinite(amountValue) && amountValue >= 0)) {
        found.amount = t('form.errors.amountInvalid');
      }
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(callDate) || callDate > today()) found.callDate = t('form.errors.callDateInvalid');
    setErrors(found);
    if (Object.keys(found).length) {
      // Keyboard and screen-reader users land on the first thing to fix.
      requestAnimationFrame(() =>
        formRef.current
          ?.querySelector<HTMLElement>(
            found.transcript ? 'input[type=file], textarea' : '[aria-invalid=true] input, input[aria-invalid=true]',
          )
          ?.focus(),
      );
      return;
    }
    onSubmit({
      language,
      callDate,
      transcript: file ? { kind: 'file', file } : { kind: 'text', text },
      target:
        mode === 'existing' && picked
          ? { kind: 'existing', opportunityId: picked.id }
          : { kind: 'new', client_company_name: company.trim(), product: product.trim(), amount: amountValue },
    });
  };

  const field = (key: 'company' | 'product' | 'amount', value: string, set: (v: string) => void, extra = {}) => (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-${key}`} className="text-sm font-medium text-slate-800">
        {t(`form.${key}`)}
      </label>
      <input
        id={`${id}-${key}`}
        value={value}
        onChange={(event) => set(event.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        className={cn(inputClass, 'h-10 py-0')}
        {...extra}
      />
      {errors[key] && (
        <p id={`${id}-${key}-error`} className="text-sm text-red-700">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <Card>
      <CardContent className="pt-4 sm:pt-5">
        <form ref={formRef} onSubmit={submit} noValidate className="space-y-6" aria-label={t('page.title')}>
          <TranscriptInput
            file={file}
            onFile={(next) => {
              setFile(next);
              setErrors((e) => ({ ...e, transcript: undefined }));
            }}
            text={text}
            onText={setText}
            error={errors.transcript}
          />
          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold text-slate-900">{t('form.opportunity')}</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {(['existing', 'new'] as const).map((value) => (
                <label key={value} className="inline-flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name={`${id}-mode`}
                    value={value}
                    checked={mode === value}
                    onChange={() => setMode(value)}
                    className="h-4 w-4 accent-brand-600"
                  />
                  {t(`form.${value}`)}
                </label>
              ))}
            </div>
            {mode === 'existing' ? (
              <OpportunityPicker selected={picked} onSelect={setPicked} error={errors.opportunity} />
            ) : (
              <div className="grid gap-3 sm:grid-cols-2">
                {field('company', company, setCompany, { autoComplete: 'organization' })}
                {field('product', product, setProduct)}
                {field('amount', amount, setAmount, { inputMode: 'decimal' })}
              </div>
            )}
          </fieldset>
          <div className="space-y-1.5">
            <label htmlFor={`${id}-callDate`} className="block text-sm font-semibold text-slate-900">
              {t('form.callDate')}
            </label>
            <p id={`${id}-callDate-hint`} className="text-sm text-slate-600">
              {t('form.callDateHint')}
            </p>
            <input
              id={`${id}-callDate`}
              type="date"
              value={callDate}
              max={today()}
              onChange={(event) => {
                setCallDate(event.target.value);
                setErrors((e) => ({ ...e, callDate: undefined }));
              }}
              aria-invalid={errors.callDate ? true : undefined}
              aria-describedby={errors.callDate ? `${id}-callDate-hint ${id}-callDate-error` : `${id}-callDate-hint`}
              className={cn(inputClass, 'h-10 w-full py-0 sm:w-60')}
            />
            {errors.callDate && (
              <p id={`${id}-callDate-error`} className="text-sm text-red-700">
                {errors.callDate}
              </p>
            )}
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`${id}-language`} className="block text-sm font-semibold text-slate-900">
              {t('form.language')}
            </label>
            <Select
              id={`${id}-language`}
              value={language}
              onChange={(event) => setLanguage(event.target.value as TranscriptLanguage)}
              className="w-full sm:w-60"
            >
              <option value="en">{t('form.languages.en')}</option>
              <option value="fr">{t('form.languages.fr')}</option>
            </Select>
          </div>
          <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
            {submitting ? t('form.submitting') : t('form.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
