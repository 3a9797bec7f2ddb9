import type { ComponentPropsWithRef } from 'react';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  /** primary: the one main action; secondary: other ways forward; quiet: cancel and the like. */
  variant?: 'primary' | 'secondary' | 'quiet';
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
