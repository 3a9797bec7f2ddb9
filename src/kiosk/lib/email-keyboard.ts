/**
 * The on-screen keyboard for e-mail addresses: digits, letters, the characters addresses use
 * (@ . - _ +) and ".com" / ".nl" keys; {bksp} deletes, {shift} toggles capitals.
 */
export const EMAIL_LAYOUT: Record<'default' | 'shift', string[]> = {
  default: [
    '1 2 3 4 5 6 7 8 9 0 {bksp}',
    'q w e r t y u i o p',
    'a s d f g h j k l -',
    '{shift} z x c v b n m _ +',
    '@ . .com .nl',
  ],
  shift: [
    '1 2 3 4 5 6 7 8 9 0 {bksp}',
    'Q W E R T Y U I O P',
    'A S D F G H J K L -',
    '{shift} Z X C V B N M _ +',
    '@ . .com .nl',
  ],
};

/** Every key of a layout, space-separated (for attributes that apply to all of them). */
export function layoutKeys(layout: Record<string, string[]>): string {
  return [...new Set(Object.values(layout).flatMap((rows) => rows.join(' ').split(' ')))].join(' ');
}

/** Every key of the e-mail layout. */
export const EMAIL_BUTTONS = layoutKeys(EMAIL_LAYOUT);

/** The bottom row's keys, and the two domain keys among them (sized by kiosk.css). */
export const EMAIL_BOTTOM_KEYS = '@ . .com .nl';
export const EMAIL_DOMAIN_KEYS = '.com .nl';

/** How the special keys are labelled. */
export const EMAIL_DISPLAY: Record<string, string> = {
  '{bksp}': '⌫',
  '{shift}': '⇧',
};

/** The layout after a key press: {shift} toggles between the two. */
export function layoutAfterKey(current: 'default' | 'shift', button: string): 'default' | 'shift' {
  if (button !== '{shift}') return current;
  return current === 'default' ? 'shift' : 'default';
}
