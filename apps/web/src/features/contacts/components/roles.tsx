import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BUYING_ROLES, type BuyingRole } from '@nexa/domain';
import { Badge } from '../../../components/ui/badge.tsx';
import { toggleRole } from '../contact-logic.ts';

const TONES: Partial<Record<BuyingRole, 'green' | 'blue' | 'red' | 'amber'>> = {
  economic_buyer: 'green',
  champion: 'blue',
  decision_maker: 'amber',
  blocker: 'red',
};

/** A member's roles as badges ("No role yet" without one). */
export function RoleChips({ roles }: { roles: readonly string[] }) {
  const { t } = useTranslation('contacts');
  if (!roles.length) return <span className="text-sm text-slate-500">{t('page.noRole')}</span>;
  return (
    <span className="flex flex-wrap gap-1" data-testid="role-chips">
      {roles.map((role) => (
        <Badge key={role} tone={TONES[role as BuyingRole] ?? 'grey'} data-role={role}>
          {t(`roles.${role}`, { defaultValue: role })}
        </Badge>
      ))}
    </span>
  );
}

/** The seven roles as checkboxes in a fieldset: each reachable with Tab and ticked with Space. */
export function RoleCheckboxes({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: readonly BuyingRole[];
  onChange: (roles: BuyingRole[]) => void;
}) {
  const { t } = useTranslation('contacts');
  const id = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {BUYING_ROLES.map((role) => (
          <label key={role} htmlFor={`${id}-${role}`} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              id={`${id}-${role}`}
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
              checked={value.includes(role)}
              onChange={(e) => onChange(toggleRole(value, role, e.target.checked))}
              name="roles"
              value={role}
            />
            {t(`roles.${role}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
