import { type ReactNode, useEffect, useRef } from 'react';
import { StatusIcon, type StatusKind } from './status-icon';

/**
 * One kiosk screen: a heading (focused on arrival, so screen readers announce the new screen),
 * its content, and a footer with the ways forward (the cancel button goes there).
 */
export function Screen({
  title,
  testId,
  children,
  footer,
  tone = 'plain',
  focusHeading = true,
  status,
  hero = false,
  fill = false,
}: {
  title: string;
  /** data-testid of the screen, e.g. "screen-scan". */
  testId: string;
  children?: ReactNode;
  footer?: ReactNode;
  tone?: 'plain' | 'success' | 'warning';
  /** False when the screen focuses a field of its own instead. */
  focusHeading?: boolean;
  /** A message screen (an outcome, a notice): centred, with this outcome icon. */
  status?: StatusKind;
  /** A welcome screen: centred, with a large heading. */
  hero?: boolean;
  /** Takes the whole height of the frame (a screen whose content scrolls inside it, like tabs). */
  fill?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) heading.current?.focus({ preventScroll: true });
  }, [focusHeading]);
  return (
    <section
      className={[
        'screen',
        `screen-${tone}`,
        status || hero ? 'screen-message' : null,
        hero ? 'screen-hero' : null,
        fill ? 'screen-fill' : null,
      ]
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
    >
      {status ? <StatusIcon kind={status} /> : null}
      <h1 id={`${testId}-title`} ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <div className="screen-body">{children}</div>
      {footer ? <div className="screen-footer">{footer}</div> : null}
    </section>
  );
}
