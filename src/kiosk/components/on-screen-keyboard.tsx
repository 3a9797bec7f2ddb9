import { lazy, Suspense } from 'react';

export interface OnScreenKeyboardProps {
  /** The field's value; the keyboard follows it. */
  value: string;
  /** Called with the whole new value after each key. */
  onChange: (value: string) => void;
  maxLength?: number;
  /** Accessible name of the keyboard. */
  label: string;
  /** `email` (default): letters, digits, @ and domains; `code`: capitals, digits and the dash. */
  layout?: 'email' | 'code';
}

const SimpleKeyboard = lazy(() => import('./simple-keyboard'));

/** The on-screen keyboard; its code loads only when a screen shows it. */
export function OnScreenKeyboard(props: OnScreenKeyboardProps) {
  return (
    <Suspense fallback={<div className="keyboard keyboard-loading" aria-hidden="true" />}>
      <SimpleKeyboard {...props} />
    </Suspense>
  );
}
