// A thin green progress bar with its accessible value (uploads in the editor and the Resources view).
export function ProgressBar({ fraction, label, track = "bg-zinc-200" }: { fraction: number; label: string; track?: string }) {
  const percent = Math.round(fraction * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={`h-1.5 overflow-hidden rounded-full ${track} dark:bg-zinc-700`}
    >
      {/* A sliver shows even at 0%, so a waiting upload reads as started. */}
      <div className="h-full rounded-full bg-green-600 transition-[width] duration-200" style={{ width: `${Math.max(4, percent)}%` }} />
    </div>
  );
}
