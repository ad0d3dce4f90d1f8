import { Button } from './button.tsx';

/** Newer and older pages of a list read newest first, with where the reader is; the words are the caller's. */
export function Pager({
  page,
  pages,
  onPage,
  words,
  className = 'flex items-center justify-between gap-2',
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  words: { label: string; newer: string; older: string; status: string };
  className?: string;
}) {
  return (
    <nav className={className} aria-label={words.label}>
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {words.newer}
      </Button>
      <span className="text-sm text-slate-600">{words.status}</span>
      <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {words.older}
      </Button>
    </nav>
  );
}
