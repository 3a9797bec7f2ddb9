import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Keyboard, { type SimpleKeyboard } from 'react-simple-keyboard';
import 'react-simple-keyboard/build/css/index.css';
import { CODE_BUTTONS, CODE_LAYOUT } from '../lib/code-keyboard';
import {
  EMAIL_BOTTOM_KEYS,
  EMAIL_BUTTONS,
  EMAIL_DISPLAY,
  EMAIL_DOMAIN_KEYS,
  EMAIL_LAYOUT,
  layoutAfterKey,
} from '../lib/email-keyboard';
import type { OnScreenKeyboardProps } from './on-screen-keyboard';

const LAYOUTS = {
  email: { layout: EMAIL_LAYOUT, buttons: EMAIL_BUTTONS },
  code: { layout: CODE_LAYOUT, buttons: CODE_BUTTONS },
};

// The e-mail keyboard's bottom row gets its own widths (kiosk.css), not the library's narrow @ and .com.
const BUTTON_THEME = [
  { class: 'key-bottom', buttons: EMAIL_BOTTOM_KEYS },
  { class: 'key-domain', buttons: EMAIL_DOMAIN_KEYS },
];

/**
 * react-simple-keyboard with the e-mail or code layout, kept in sync both ways with its field:
 * its presses change `value` through onChange, and a `value` typed elsewhere (a real keyboard) is
 * pushed into it. Loaded lazily (on-screen-keyboard.tsx): only sessions that enable it pay for it.
 */
export default function OnScreenKeys({
  value,
  onChange,
  maxLength,
  label,
  layout = 'email',
}: OnScreenKeyboardProps) {
  const { t } = useTranslation();
  const keyboard = useRef<SimpleKeyboard | null>(null);
  const [layoutName, setLayoutName] = useState<'default' | 'shift'>('default');
  const keys = LAYOUTS[layout];

  useEffect(() => {
    const instance = keyboard.current;
    if (instance && instance.getInput() !== value) {
      instance.setInput(value);
      instance.setCaretPosition(value.length);
    }
  }, [value]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of keys, not a form fieldset
    <div
      className={`keyboard keyboard-${layout}`}
      role="group"
      aria-label={label}
      data-testid="on-screen-keyboard"
    >
      <Keyboard
        keyboardRef={(instance: SimpleKeyboard) => {
          keyboard.current = instance;
        }}
        layout={keys.layout}
        layoutName={layoutName}
        display={EMAIL_DISPLAY}
        maxLength={maxLength}
        useButtonTag
        buttonTheme={layout === 'email' ? BUTTON_THEME : []}
        buttonAttributes={[
          // Keys sit inside the field's form: they type, they never submit it.
          { attribute: 'type', value: 'button', buttons: keys.buttons },
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
