import type { ComponentPropsWithRef } from 'react';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  /**
   * primary: the one main action; secondary: other ways forward; quiet: back, "I'm done" and the
   * like; link: an action that reads as a text link (terms, "see all").
   */
  variant?: 'primary' | 'secondary' | 'quiet' | 'link';
  /** An action is under way: the button is disabled and says so to screen readers. */
  busy?: boolean;
}

/** A large touch button (≥ 56 px high). `type` defaults to "button" (no accidental form submits). */
export function Button({ variant = 'primary', busy = false, className, disabled, ...rest }: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      className={['button', `button-${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    />
  );
}
