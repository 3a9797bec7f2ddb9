import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A card with its heading (level 2), labelled by it for screen readers. `focus`: the heading takes
 * the focus when the panel appears (a form that just opened, a code just made), so a keyboard or
 * screen-reader user is where the action is.
 */
export function Panel({
  title,
  lead,
  children,
  testId,
  focus = false,
  className,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  testId?: string;
  focus?: boolean;
  className?: string;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <section
      className={['office-card', className].filter(Boolean).join(' ')}
      aria-labelledby={id}
      data-testid={testId}
    >
      <h2 id={id} ref={heading} tabIndex={focus ? -1 : undefined}>
        {title}
      </h2>
      {lead ? <p className="office-lead">{lead}</p> : null}
      {children}
    </section>
  );
}
