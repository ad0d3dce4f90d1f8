import { useId, useRef, useState, type KeyboardEvent, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { insertMention, matchPeople, mentionQuery, type MentionablePerson } from '@nexa/domain/deal-notes';
import { inputClass } from '../../../components/ui/text-field.tsx';
import { cn } from '../../../lib/cn.ts';

/** People offered at once: the rest are reached by typing more of a name. */
const SHOWN = 8;

export interface MentionBoxProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
  /** Who may be mentioned; undefined while they load. */
  people: readonly MentionablePerson[] | undefined;
  /** A person picked from the list (the note sends their id with it). */
  onPick: (person: MentionablePerson) => void;
  /** Called the first time `@` is typed, so the people are fetched only when wanted. */
  onMentionStart?: () => void;
}

/**
 * A text box where `@` offers the people who may see the deal in a labelled listbox. The box stays a
 * text box (a textarea may not take the combobox role): it names the list it controls and its active
 * option (aria-autocomplete, aria-controls, aria-activedescendant), and a polite status says how many
 * people are offered. Arrows move through the names, Enter or Tab picks one, Escape closes the list and
 * leaves the text as typed; a pointer picks without taking focus from the box.
 */
export function MentionBox({ value, onChange, people, onPick, onMentionStart, className, ...props }: MentionBoxProps) {
  const { t } = useTranslation('deal-notes');
  const listId = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  // The `@` position the person dismissed with Escape: the list stays closed until another `@`.
  const [dismissed, setDismissed] = useState<number | null>(null);

  const mention = mentionQuery(value, caret);
  const open = mention !== null && mention.start !== dismissed;
  const matches = open && people ? matchPeople(people, mention.query).slice(0, SHOWN) : [];
  const current = Math.min(active, Math.max(0, matches.length - 1));
  const optionId = (i: number) => `${listId}-option-${i}`;

  const pick = (person: MentionablePerson) => {
    if (!mention) return;
    const next = insertMention(value, mention, person.full_name);
    onChange(next.text);
    onPick(person);
    setCaret(next.caret);
    setActive(0);
    // After React wrote the new text: the caret goes after the name.
    requestAnimationFrame(() => box.current?.setSelectionRange(next.caret, next.caret));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && matches.length) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current + step + matches.length) % matches.length);
        return;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        event.preventDefault();
        pick(matches[current]!);
        return;
      }
    }
    if (open && event.key === 'Escape') {
      // Closes the list only: a dialog or panel around the box stays open.
      event.preventDefault();
      event.stopPropagation();
      setDismissed(mention.start);
      return;
    }
    props.onKeyDown?.(event);
  };

  const expanded = open && (matches.length > 0 || people === undefined || mention.query !== '');
  return (
    <div className="relative">
      <textarea
        {...props}
        ref={box}
        value={value}
        aria-autocomplete="list"
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={expanded && matches.length ? optionId(current) : undefined}
        className={cn(inputClass, 'min-h-28', className)}
        onChange={(event) => {
          const text = event.target.value;
          const at = event.target.selectionStart;
          onChange(text);
          setCaret(at);
          setActive(0);
          if (mentionQuery(text, at)) onMentionStart?.();
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          setDismissed(mention?.start ?? null);
          props.onBlur?.(event);
        }}
        onFocus={(event) => {
          setDismissed(null);
          props.onFocus?.(event);
        }}
      />
      <p role="status" className="sr-only">
        {expanded && people ? t('mentions.count', { count: matches.length }) : ''}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('mentions.label')}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg sm:right-auto sm:w-80"
        data-testid="mention-list"
      >
        {people === undefined ? (
          <li role="presentation" className="px-3 py-2 text-sm text-slate-600">
            {t('mentions.loading')}
          </li>
        ) : matches.length === 0 ? (
          <li role="presentation" className="px-3 py-2 text-sm text-slate-600">
            {t('mentions.none')}
          </li>
        ) : (
          matches.map((person, i) => (
            <li
              key={person.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === current}
              className={cn(
                'cursor-pointer px-3 py-2 text-sm text-slate-900',
                i === current ? 'bg-brand-50 font-medium text-brand-800' : 'hover:bg-slate-50',
              )}
              // Keeps focus in the box: the pick happens on the press, before a blur would close the list.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(person);
              }}
              onMouseEnter={() => setActive(i)}
            >
              {person.full_name}
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
