import { type ReactNode, useId } from 'react';

/**
 * Progress towards a goal (the next reward): a visible label and a bar filled to `value / max`
 * (clamped to 0–1), announced as a progressbar with the label as its name. `value` and `max` are in
 * the same unit (credits).
 */
export function ProgressBar({
  label,
  value,
  max,
  testId,
}: {
  label: ReactNode;
  value: number;
  max: number;
  testId?: string;
}) {
  const id = useId();
  const share = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  return (
    <div className="ui-progress" data-testid={testId}>
      <p className="ui-progress-label" id={id}>
        {label}
      </p>
      <div
        className="ui-progress-track"
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.min(max, Math.max(0, value))}
      >
        <span className="ui-progress-fill" style={{ transform: `scaleX(${share})` }} />
      </div>
    </div>
  );
}
