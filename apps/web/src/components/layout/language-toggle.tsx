import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { clsx } from 'clsx';
import { currentLanguage, setLanguage, type Language } from '../../lib/i18n.ts';

/** Switches between English and French; the choice is remembered (and `onSwitch` may keep it elsewhere too). */
export function LanguageToggle({ className, onSwitch }: { className?: string; onSwitch?: (language: Language) => void }) {
  const { t } = useTranslation();
  const next = currentLanguage() === 'fr' ? 'en' : 'fr';
  return (
    <button
      type="button"
      onClick={() => {
        void setLanguage(next);
        onSwitch?.(next);
      }}
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900',
        className,
      )}
      aria-label={t('language.switchTo')}
      data-testid="language-toggle"
    >
      <Languages className="h-4 w-4" aria-hidden />
      <span>{next.toUpperCase()}</span>
    </button>
  );
}
