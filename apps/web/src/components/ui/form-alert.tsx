import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export interface AlertMessage {
  title: string;
  description?: string;
  tone?: 'error' | 'success';
}

/** A message above a form, announced to screen readers. */
export function FormAlert({ message }: { message: AlertMessage | null }) {
  if (!message) return null;
  const success = message.tone === 'success';
  const Icon = success ? CheckCircle2 : AlertCircle;
  return (
    <div
      role={success ? 'status' : 'alert'}
      data-testid="auth-alert"
      className={cn(
        'mb-5 flex gap-3 rounded-lg border p-3 text-sm',
        success ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-red-200 bg-red-50 text-red-900',
      )}
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <div>
        <p className="font-semibold">{message.title}</p>
        {message.description && <p className="mt-0.5">{message.description}</p>}
      </div>
    </div>
  );
}
