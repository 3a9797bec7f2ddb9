/** The kind of outcome a message screen shows. */
export type StatusKind = 'success' | 'warning' | 'cancelled' | 'time' | 'goodbye';

const PATHS: Record<StatusKind, string> = {
  success: 'M30 50 l14 14 l28 -30',
  warning: 'M50 28 v28 M50 70 v2',
  cancelled: 'M36 36 l28 28 M64 36 l-28 28',
  time: 'M50 30 v22 l14 10',
  goodbye: 'M32 56 q18 18 36 0 M38 38 v4 M62 38 v4',
};

/** A large round outcome icon above a message screen's heading; decorative (the heading says it). */
export function StatusIcon({ kind }: { kind: StatusKind }) {
  return (
    <svg className={`status-icon status-${kind}`} viewBox="0 0 100 100" aria-hidden="true">
      <circle cx="50" cy="50" r="44" />
      <path d={PATHS[kind]} />
    </svg>
  );
}
