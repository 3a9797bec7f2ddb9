import { type ReactNode, useId } from 'react';

/** A card of the page with its heading (level 2), labelled by it for screen readers. */
export function Section({
  title,
  children,
  testId,
  lead,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <section className="me-card" aria-labelledby={id} data-testid={testId}>
      <h2 id={id}>{title}</h2>
      {lead ? <p className="me-lead">{lead}</p> : null}
      {children}
    </section>
  );
}
