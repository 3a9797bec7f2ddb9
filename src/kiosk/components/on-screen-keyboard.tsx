import { lazy, Suspense } from 'react';

export interface OnScreenKeyboardProps {
  /** The field's value; the keyboard follows it. */
  value: string;
  /** Called with the whole new value after each key. */
  onChange: (value: string) => void;
  maxLength?: number;
  /** Accessible name of the keyboard. */
  label: string;
}

const SimpleKeyboardEmail = lazy(() => import('./simple-keyboard'));

/** The on-screen e-mail keyboard; its code loads only when a screen shows it. */
export function OnScreenKeyboard(props: OnScreenKeyboardProps) {
  return (
    <Suspense fallback={<div className="keyboard keyboard-loading" aria-hidden="true" />}>
      <SimpleKeyboardEmail {...props} />
    </Suspense>
  );
}
