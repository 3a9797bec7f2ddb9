import { type ReactNode, useEffect, useRef } from 'react';
import { StatusIcon, type StatusKind } from '../../ui/status-icon';
import { afterNextPaint } from '../lib/when-idle';

/**
 * One kiosk screen: a heading (focused on arrival, so screen readers announce the new screen),
 * its content, and a footer with the ways forward (the cancel button goes there). The heading takes
 * the focus once the screen is painted: focus() lays the page out at once, which before the first
 * paint is a second layout the customer waits for (some 20 ms on a slow tablet).
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
  result = false,
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
  /** An outcome on the result template (ui/result.tsx): no Cancel, and it fades by itself. */
  result?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusHeading) return;
    const before = document.activeElement;
    return afterNextPaint(() => {
      // Unless the customer moved the focus meanwhile (tapped a field of this screen).
      const now = document.activeElement;
      if (now === before || now === null || now === document.body)
        heading.current?.focus({ preventScroll: true });
    });
  }, [focusHeading]);
  return (
    <section
      className={[
        'screen',
        `screen-${tone}`,
        status || hero ? 'screen-message' : null,
        hero ? 'screen-hero' : null,
        fill ? 'screen-fill' : null,
        result ? 'screen-result' : null,
      ]
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
    >
      {status ? <StatusIcon kind={status} /> : null}
      <h1 id={`${testId}-title`} ref={heading} tabIndex={-1} data-screen-heading="">
        {title}
      </h1>
      <div className="screen-body">{children}</div>
      {footer ? <div className="screen-footer">{footer}</div> : null}
    </section>
  );
}

/**
 * Before an answer replaces the screen on display: its heading lets the focus go while the page's
 * style is still clean. Removed with the focus on it, the heading makes the browser recalculate the
 * whole page's style at once, in the middle of the next screen's commit (~10 ms on a slow tablet);
 * the next screen's heading takes the focus once painted.
 */
export function releaseScreenFocus(): void {
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && focused.dataset.screenHeading !== undefined) focused.blur();
}
