import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { ContactDraft } from '../contact-logic.ts';

/** A contact's fields (name, title, e-mail, phone, language, time zone), for creating and editing alike. */
export function ContactFields({
  draft,
  onChange,
  nameError,
}: {
  draft: ContactDraft;
  onChange: (draft: ContactDraft) => void;
  nameError?: string;
}) {
  const { t } = useTranslation('contacts');
  const set = (field: keyof ContactDraft) => (e: { target: { value: string } }) =>
    onChange({ ...draft, [field]: e.target.value });
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <TextField
        label={t('fields.full_name')}
        name="full_name"
        autoComplete="off"
        required
        value={draft.full_name}
        onChange={set('full_name')}
        error={nameError}
        maxLength={200}
      />
      <TextField
        label={t('fields.title')}
        name="title"
        autoComplete="off"
        value={draft.title}
        onChange={set('title')}
        maxLength={200}
      />
      <TextField
        label={t('fields.email')}
        name="email"
        type="email"
        autoComplete="off"
        value={draft.email}
        onChange={set('email')}
        maxLength={254}
      />
      <TextField
        label={t('fields.phone')}
        name="phone"
        type="tel"
        autoComplete="off"
        value={draft.phone}
        onChange={set('phone')}
        maxLength={60}
      />
      <SelectField label={t('fields.language')} name="language" value={draft.language} onChange={set('language')}>
        <option value="">{t('fields.noLanguage')}</option>
        <option value="en">{t('languages.en')}</option>
        <option value="fr">{t('languages.fr')}</option>
      </SelectField>
      <TextField
        label={t('fields.time_zone')}
        hint={t('fields.time_zoneHint')}
        name="time_zone"
        autoComplete="off"
        value={draft.time_zone}
        onChange={set('time_zone')}
        maxLength={64}
      />
    </div>
  );
}
