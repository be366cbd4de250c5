/** A labelled determinate progress bar (0 to 100). */
export function ProgressBar({ label, value, className = '' }: { label: string; value: number; className?: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={`h-2.5 overflow-hidden rounded-full bg-ink-200 ${className}`}
    >
      <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300" style={{ width: `${percent}%` }} />
    </div>
  );
}
