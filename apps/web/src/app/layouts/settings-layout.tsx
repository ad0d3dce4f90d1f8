import { ROLES } from '@nexa/domain';
import { useMe } from '../../lib/api/get-me.ts';
import { ManagerLayout } from './manager-layout.tsx';
import { RepLayout } from './rep-layout.tsx';

/** One's own settings open inside one's own workspace: the same sidebar, the same way back. */
export function SettingsLayout() {
  const me = useMe();
  return me.data?.role === ROLES.manager ? <ManagerLayout /> : <RepLayout />;
}
