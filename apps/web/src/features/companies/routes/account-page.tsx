import { ArrowLeft, GitMerge, Split, Undo2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import type { AccountChange, AccountChangeResult, AccountDeal, AccountDetail } from '@nexa/domain';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError, errorKey } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { useAccount, useAccountSearch, useMergeAccounts, useSplitAccount, useUndoAccountChange } from '../api/accounts.ts';
import { useAccountLinks } from '../workspace.ts';

/**
 * An account's page (issue 36), in a representative's My Companies or a manager's Accounts: the
 * company, its figures over the deals the reader may see, those deals (with their owners), its
 * contacts, and its merges and splits, each undoable while it is the latest. Its links stay in the
 * reader's workspace (workspace.ts). The server answers 404 for an account the reader may not see;
 * merge, split and undo are a manager's on any account, a representative's where the deals are theirs.
 */
export function AccountPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const { accountId } = useParams();
  const links = useAccountLinks();
  const id = Number.parseInt(accountId ?? '', 10);
  const account = useAccount(id);
  usePageMeta(`${account.data?.account.name ?? t('title')} — Nexa`);
  const notFound = !Number.isInteger(id) || id <= 0 || (account.error instanceof ApiError && account.error.status === 404);
  const [dialog, setDialog] = useState<'merge' | 'split' | null>(null);
  const undo = useUndoAccountChange();

  /** A done change says so with its undo beside it, then shows the account it left. */
  const announce = (message: string, result: AccountChangeResult) => {
    setDialog(null);
    toast.success(message, {
      action: {
        label: t('undo'),
        onClick: () =>
          undo.mutate(result.change_id, {
            onSuccess: (undone) => {
              toast.success(t('undone'));
              void navigate(links.account(undone.account.id));
            },
            onError: (error) => toast.error(t(errorKey(error))),
          }),
      },
    });
    void navigate(links.account(result.account.id));
  };

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-start gap-3">
        <Link
          to={links.list}
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
          aria-label={t(links.manager ? 'backToAccounts' : 'back')}
          title={t(links.manager ? 'backToAccounts' : 'back')}
        >
          <ArrowLeft className="h-5 w-5" aria-hidden />
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-3xl">
            {account.data?.account.name ?? t('title')}
          </h1>
          {account.data && <AccountFacts detail={account.data} />}
        </div>
        {account.data && (
          <div className="flex w-full gap-2 sm:w-auto">
            <Button variant="secondary" onClick={() => setDialog('merge')}>
              <GitMerge className="h-4 w-4" aria-hidden /> {t('merge.open')}
            </Button>
            <Button variant="secondary" onClick={() => setDialog('split')}>
              <Split className="h-4 w-4" aria-hidden /> {t('split.open')}
            </Button>
          </div>
        )}
      </div>
      {notFound ? (
        <Card>
          <CardContent className="py-12 text-center">
            <p className="text-lg font-semibold text-slate-900" role="alert">
              {t('notFound')}
            </p>
          </CardContent>
        </Card>
      ) : account.isError ? (
        <ErrorState>{t(errorKey(account.error))}</ErrorState>
      ) : !account.data ? (
        <LoadingState>{t('loading')}</LoadingState>
      ) : (
        <>
          <Figures detail={account.data} />
          <div className="grid gap-6 lg:grid-cols-3">
            <Deals detail={account.data} />
            <div className="space-y-6">
              <Contacts detail={account.data} />
              <History
                items={account.data.history}
                onUndo={(change) =>
                  undo.mutate(change.id, {
                    onSuccess: (result) => {
                      toast.success(t('undone'));
                      void navigate(links.account(result.account.id));
                    },
                    onError: (error) => toast.error(t(errorKey(error))),
                  })
                }
                undoing={undo.isPending}
              />
            </div>
          </div>
          <MergeDialog
            open={dialog === 'merge'}
            onOpenChange={(open) => setDialog(open ? 'merge' : null)}
            detail={account.data}
            onDone={(result) => announce(t('merge.done', { name: result.account.name }), result)}
          />
          <SplitDialog
            open={dialog === 'split'}
            onOpenChange={(open) => setDialog(open ? 'split' : null)}
            detail={account.data}
            onDone={(result) => announce(t('split.done', { name: result.account.name }), result)}
          />
        </>
      )}
    </div>
  );
}

function AccountFacts({ detail }: { detail: AccountDetail }) {
  const { account } = detail;
  const facts = [account.domain, account.industry, account.size, account.country].filter(Boolean);
  if (!facts.length) return null;
  return <p className="text-slate-600 [overflow-wrap:anywhere]">{facts.join(' · ')}</p>;
}

function Figures({ detail }: { detail: AccountDetail }) {
  const { t } = useTranslation('accounts');
  const { figures } = detail;
  const cards = [
    {
      key: 'deals',
      label: t('figures.deals'),
      value: String(figures.deal_count),
      note: t('figures.openDeals', { count: figures.open_deals }),
    },
    { key: 'open', label: t('figures.openPipeline'), value: formatMoney(figures.open_pipeline), note: null },
    {
      key: 'won',
      label: t('figures.won'),
      value: formatMoney(figures.won_amount),
      note: t('figures.wonDeals', { count: figures.won_deals }),
    },
  ];
  return (
    <div className="grid gap-3 sm:grid-cols-3" data-testid="account-figures">
      {/* A list of its own in each card: a <dl> holds only its terms and their groups, not the cards' boxes (axe). */}
      {cards.map((card) => (
        <Card key={card.key}>
          <CardContent className="pt-4">
            <dl>
              <dt className="text-sm text-slate-600">{card.label}</dt>
              <dd className="text-2xl font-bold text-slate-900 tabular-nums" data-testid={`account-figure-${card.key}`}>
                {card.value}
              </dd>
              {card.note && <dd className="text-sm text-slate-500">{card.note}</dd>}
            </dl>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

function Deals({ detail }: { detail: AccountDetail }) {
  const { t } = useTranslation('accounts');
  const links = useAccountLinks();
  // A manager reads every representative's deals: whose each one is says so in words.
  const owner = (deal: AccountDeal) =>
    links.manager ? (deal.owner_name ? t('deals.owner', { name: deal.owner_name }) : t('deals.noOwner')) : deal.owner_name;
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>{t('deals.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {detail.deals.length === 0 ? (
          <p className="text-sm text-slate-600">{t('deals.none')}</p>
        ) : (
          <ul className="divide-y divide-slate-200" data-testid="account-deals">
            {detail.deals.map((deal) => (
              <li key={deal.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <Link to={links.deal(deal)} className="font-medium text-blue-700 hover:underline [overflow-wrap:anywhere]">
                    {deal.product ?? t('deals.untitled')}
                  </Link>
                  <p className="text-sm text-slate-600">
                    {[t(`stages.${deal.stage}`), owner(deal), deal.next_meeting_date && formatDate(deal.next_meeting_date)]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <span className="font-semibold tabular-nums">{formatMoney(deal.amount, { currency: deal.currency })}</span>
              </li>
            ))}
          </ul>
        )}
        {detail.more_deals && <p className="mt-2 text-sm text-slate-500">{t('deals.more')}</p>}
      </CardContent>
    </Card>
  );
}

function Contacts({ detail }: { detail: AccountDetail }) {
  const { t } = useTranslation('accounts');
  const links = useAccountLinks();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('contacts.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {detail.contacts.length === 0 ? (
          <p className="text-sm text-slate-600">{t('contacts.none')}</p>
        ) : (
          <ul className="space-y-2" data-testid="account-contacts">
            {detail.contacts.map((contact) => (
              <li key={contact.id}>
                <Link to={links.contact(contact.id)} className="font-medium text-blue-700 hover:underline">
                  {contact.full_name}
                </Link>
                {contact.title && <span className="text-sm text-slate-600"> · {contact.title}</span>}
                {contact.email && <p className="text-sm break-all text-slate-500">{contact.email}</p>}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function History({
  items,
  onUndo,
  undoing,
}: {
  items: AccountChange[];
  onUndo: (change: AccountChange) => void;
  undoing: boolean;
}) {
  const { t } = useTranslation('accounts');
  if (!items.length) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('history.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="space-y-3 text-sm" data-testid="account-history">
          {items.map((change) => (
            <li key={change.id} className="space-y-1">
              <p className="text-slate-800">
                {change.kind === 'migration'
                  ? t('history.migration', { names: change.names.join(', ') })
                  : change.kind === 'merge'
                    ? t('history.merge', { names: change.others.join(', '), into: change.account_name, count: change.deals })
                    : t('history.split', { from: change.others.join(', '), into: change.account_name, count: change.deals })}
              </p>
              <p className="text-slate-500">
                <time dateTime={change.at}>{formatDateTime(change.at)}</time>
                {change.actor && ` · ${change.actor}`}
                {change.undone_at && ` · ${t('history.undone')}`}
              </p>
              {change.undoable && (
                <Button variant="secondary" size="sm" disabled={undoing} onClick={() => onUndo(change)}>
                  <Undo2 className="h-4 w-4" aria-hidden /> {t('undo')}
                </Button>
              )}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

function MergeDialog({
  open,
  onOpenChange,
  detail,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  detail: AccountDetail;
  onDone: (result: AccountChangeResult) => void;
}) {
  const { t } = useTranslation('accounts');
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const search = useAccountSearch(q.trim(), open);
  const merge = useMergeAccounts(detail.account.id);
  const others = (search.data?.items ?? []).filter((item) => item.id !== detail.account.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen.length) return;
    merge.mutate(chosen, {
      onSuccess: (result) => {
        setChosen([]);
        onDone(result);
      },
    });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('merge.title', { name: detail.account.name })}
      description={t('merge.description')}
      closeLabel={t('close')}
      testId="merge-dialog"
    >
      <form onSubmit={submit} className="space-y-4">
        <SearchInput label={t('merge.search')} placeholder={t('merge.search')} value={q} onChange={(e) => setQ(e.target.value)} />
        <fieldset>
          <legend className="sr-only">{t('merge.choose')}</legend>
          {others.length === 0 ? (
            <p className="text-sm text-slate-600">{search.isPending ? t('loading') : t('merge.none')}</p>
          ) : (
            <CheckList
              items={others}
              chosen={chosen}
              onChange={setChosen}
              className="max-h-64"
              label={(item) => item.name}
              aside={(item) => t('merge.deals', { count: item.figures.deal_count })}
            />
          )}
        </fieldset>
        <DialogActions
          error={merge.isError ? t(errorKey(merge.error)) : null}
          onCancel={() => onOpenChange(false)}
          disabled={!chosen.length || merge.isPending}
          submit={chosen.length ? t('merge.confirm', { count: chosen.length }) : t('merge.submit')}
        />
      </form>
    </Dialog>
  );
}

function SplitDialog({
  open,
  onOpenChange,
  detail,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  detail: AccountDetail;
  onDone: (result: AccountChangeResult) => void;
}) {
  const { t } = useTranslation('accounts');
  const [name, setName] = useState('');
  const [deals, setDeals] = useState<number[]>([]);
  const [contacts, setContacts] = useState<number[]>([]);
  const split = useSplitAccount(detail.account.id);
  const ready = name.trim().length > 0 && deals.length + contacts.length > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    split.mutate(
      { name: name.trim(), deal_ids: deals, contact_ids: contacts },
      {
        onSuccess: (result) => {
          setName('');
          setDeals([]);
          setContacts([]);
          onDone(result);
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('split.title', { name: detail.account.name })}
      description={t('split.description')}
      closeLabel={t('close')}
      testId="split-dialog"
    >
      <form onSubmit={submit} className="space-y-4">
        <TextField label={t('split.name')} value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-slate-800">{t('deals.title')}</legend>
          <CheckList
            items={detail.deals}
            chosen={deals}
            onChange={setDeals}
            className="max-h-48"
            label={(deal) => deal.product ?? t('deals.untitled')}
            aside={(deal) => formatMoney(deal.amount, { currency: deal.currency })}
          />
        </fieldset>
        {detail.contacts.length > 0 && (
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-slate-800">{t('contacts.title')}</legend>
            <CheckList
              items={detail.contacts}
              chosen={contacts}
              onChange={setContacts}
              className="max-h-40"
              label={(contact) => contact.full_name}
            />
          </fieldset>
        )}
        <DialogActions
          error={split.isError ? t(errorKey(split.error)) : null}
          onCancel={() => onOpenChange(false)}
          disabled={!ready || split.isPending}
          submit={t('split.confirm')}
        />
      </form>
    </Dialog>
  );
}

/** Rows to tick, each a labelled checkbox; `chosen` holds the ticked ids. */
function CheckList<T extends { id: number }>({
  items,
  chosen,
  onChange,
  label,
  aside,
  className,
}: {
  items: T[];
  chosen: number[];
  onChange: (chosen: number[]) => void;
  label: (item: T) => string;
  aside?: (item: T) => string;
  className: string;
}) {
  return (
    <ul className={`space-y-1 overflow-y-auto ${className}`}>
      {items.map((item) => (
        <li key={item.id}>
          <label className="flex items-center gap-2 rounded p-1 hover:bg-slate-50">
            <input
              type="checkbox"
              checked={chosen.includes(item.id)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, item.id] : chosen.filter((x) => x !== item.id))}
            />
            <span className="[overflow-wrap:anywhere]">{label(item)}</span>
            {aside && <span className="text-sm text-slate-500 tabular-nums">{aside(item)}</span>}
          </label>
        </li>
      ))}
    </ul>
  );
}

/** A dialog form's error, if any, then its cancel and submit buttons. */
function DialogActions({
  error,
  onCancel,
  disabled,
  submit,
}: {
  error: string | null;
  onCancel: () => void;
  disabled: boolean;
  submit: string;
}) {
  const { t } = useTranslation('accounts');
  return (
    <>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={disabled}>
          {submit}
        </Button>
      </div>
    </>
  );
}
