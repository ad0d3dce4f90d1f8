import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { homePathForRole, type Role } from '@nexa/domain';
import { meQueryOptions, useMe } from '../lib/api/get-me.ts';
import { SESSION_EXPIRED_EVENT } from '../lib/api-client.ts';
import { FullPageStatus } from './full-page-status.tsx';
import { paths } from '../lib/paths.ts';

/**
 * The route guard: loading screen while the profile loads, /signin without a session
 * or profile, / for a role the route does not allow (without `role`: any role that has a
 * workspace, as for one's own settings). The server enforces the same rules.
 */
export function RouteGuard({ role }: { role?: Role }) {
  const { t } = useTranslation();
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    const onExpired = () => {
      // A session that ended while the workspace was open deserves a word; a visitor coming back
      // (e.g. with the back button after signing out) is simply sent to sign in.
      const wasSignedIn = queryClient.getQueryData(meQueryOptions().queryKey) !== undefined;
      queryClient.clear();
      if (wasSignedIn) toast.error(t('session.expired'), { id: 'session-expired' });
      void navigate(paths.signIn.getHref(), { replace: true, state: { from: location.pathname } });
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, [queryClient, navigate, location.pathname, t]);

  if (me.isPending) return <FullPageStatus text={t('loadingProfile')} />;
  if (me.isError || !me.data) {
    return <Navigate to={paths.signIn.getHref()} replace state={{ from: location.pathname }} />;
  }
  const allowed = role ? me.data.role === role : homePathForRole(me.data.role) !== null;
  if (!allowed) return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}
