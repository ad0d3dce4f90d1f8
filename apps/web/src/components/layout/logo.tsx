import { Link } from 'react-router';

export function Logo({ label }: { label: string }) {
  return (
    <Link to="/" className="flex items-center gap-2 font-bold text-slate-900" aria-label={label}>
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden>
        <rect width="32" height="32" rx="8" fill="#4f46e5" />
        <path d="M9 23V9h3l8 9.5V9h3v14h-3l-8-9.5V23z" fill="#fff" />
      </svg>
      <span className="text-lg tracking-tight">Nexa</span>
    </Link>
  );
}
