import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Keyboard, { type SimpleKeyboard } from 'react-simple-keyboard';
import 'react-simple-keyboard/build/css/index.css';
import { EMAIL_BUTTONS, EMAIL_DISPLAY, EMAIL_LAYOUT, layoutAfterKey } from '../lib/email-keyboard';
import type { OnScreenKeyboardProps } from './on-screen-keyboard';

/**
 * react-simple-keyboard with the e-mail layout, kept in sync both ways with its field: its
 * presses change `value` through onChange, and a `value` typed elsewhere (a real keyboard) is
 * pushed into it. Loaded lazily (on-screen-keyboard.tsx): only sessions that enable it pay for it.
 */
export default function SimpleKeyboardEmail({ value, onChange, maxLength, label }: OnScreenKeyboardProps) {
  const { t } = useTranslation();
  const keyboard = useRef<SimpleKeyboard | null>(null);
  const [layoutName, setLayoutName] = useState<'default' | 'shift'>('default');

  useEffect(() => {
    const instance = keyboard.current;
    if (instance && instance.getInput() !== value) {
      instance.setInput(value);
      instance.setCaretPosition(value.length);
    }
  }, [value]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of keys, not a form fieldset
    <div className="keyboard" role="group" aria-label={label} data-testid="on-screen-keyboard">
      <Keyboard
        keyboardRef={(instance: SimpleKeyboard) => {
          keyboard.current = instance;
        }}
        layout={EMAIL_LAYOUT}
        layoutName={layoutName}
        display={EMAIL_DISPLAY}
        maxLength={maxLength}
        useButtonTag
        buttonAttributes={[
          // Keys sit inside the field's form: they type, they never submit it.
          { attribute: 'type', value: 'button', buttons: EMAIL_BUTTONS },
          { attribute: 'aria-label', value: t('email.backspace'), buttons: '{bksp}' },
          { attribute: 'aria-label', value: t('email.shift'), buttons: '{shift}' },
        ]}
        disableCaretPositioning
        preventMouseDownDefault
        onChange={(input: string) => onChange(input)}
        onKeyPress={(button: string) => setLayoutName((current) => layoutAfterKey(current, button))}
      />
    </div>
  );
}
