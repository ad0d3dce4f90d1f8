import type { FormEventHandler, InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { HONEYPOT_FIELD } from '@nexa/domain';

/** A leads:validation key as the message under a field. */
export function useValidationMessage() {
  const { t } = useTranslation('leads');
  return (key: string | undefined) => (key ? t(`validation.${key}`, { defaultValue: t('validation.invalid') }) : undefined);
}

/** A field people never see or reach; bots fill it in. */
export function HoneypotField(props: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div aria-hidden className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Website
        <input type="text" tabIndex={-1} autoComplete="off" name={HONEYPOT_FIELD} {...props} />
      </label>
    </div>
  );
}

/**
 * A lead form: the schema's messages instead of the browser's (noValidate), and the honeypot first,
 * where a bot filling every input finds it.
 */
export function LeadForm({
  label,
  onSubmit,
  honeypot,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  honeypot: UseFormRegisterReturn;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={label}>
      <HoneypotField {...honeypot} />
      {children}
    </form>
  );
}

export function FormCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-3 text-base text-slate-600">{intro}</p>
      <div className="relative mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">{children}</div>
    </section>
  );
}

export function Confirmation({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="status" className="mb-6 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
      <p className="font-semibold">{title}</p>
      <div className="mt-1 text-sm">{children}</div>
    </div>
  );
}
