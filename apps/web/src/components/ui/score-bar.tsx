/** A score out of 10 as a bar. */
export function ScoreBar({ score, label }: { score: number | null; label: string }) {
  const value = score ?? 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={10}
      aria-valuenow={value}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
    >
      <div className="h-full rounded-full bg-brand-600" style={{ width: `${Math.min(100, Math.max(0, value * 10))}%` }} />
    </div>
  );
}
