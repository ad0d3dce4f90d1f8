import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

function ApplicationError() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center px-4 text-center">
      <h1 className="text-3xl font-bold">{t('appError.title')}</h1>
      <p className="mt-3 text-slate-700">{t('appError.body')}</p>
      <p className="mt-2 text-sm text-slate-600">{t('appError.hint')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
      >
        {t('appError.reload')}
      </button>
    </div>
  );
}

/** The router's errorElement: a render failure anywhere below shows the spec's page. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return <ApplicationError />;
}

/** Outermost boundary, for failures outside the router (providers, i18n). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(error);
  }
  override render() {
    return this.state.failed ? <ApplicationError /> : this.props.children;
  }
}
