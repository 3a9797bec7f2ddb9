import type { ReactNode } from 'react';

/**
 * One figure in a `<dl className="stats">`: a label and its value (Money, Credits or text).
 * `main` makes it the figure the screen is about (large).
 */
export function Stat({
  label,
  main = false,
  className,
  testId,
  children,
}: {
  label: ReactNode;
  main?: boolean;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className={['stat', main && 'stat-main', className].filter(Boolean).join(' ')} data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
