import type { KioskEditableField } from '../../contract/portal';
import { layoutKeys } from './email-keyboard';

/**
 * The on-screen keyboards for profile fields: `text` for names and addresses (letters, digits, the
 * characters names use: - ' . and a space; {shift} toggles capitals), `number` for a phone number
 * or a date (digits, + - and a space). {bksp} deletes.
 */
export const TEXT_LAYOUT: Record<'default' | 'shift', string[]> = {
  default: [
    '1 2 3 4 5 6 7 8 9 0 {bksp}',
    'q w e r t y u i o p',
    'a s d f g h j k l -',
    "{shift} z x c v b n m ' .",
    '{space}',
  ],
  shift: [
    '1 2 3 4 5 6 7 8 9 0 {bksp}',
    'Q W E R T Y U I O P',
    'A S D F G H J K L -',
    "{shift} Z X C V B N M ' .",
    '{space}',
  ],
};

export const NUMBER_LAYOUT: Record<'default', string[]> = {
  default: ['1 2 3', '4 5 6', '7 8 9', '+ 0 -', '{space} {bksp}'],
};

/** Every key of each profile layout, space-separated. */
export const TEXT_BUTTONS = layoutKeys(TEXT_LAYOUT);
export const NUMBER_BUTTONS = layoutKeys(NUMBER_LAYOUT);

/** The keyboard a profile field is typed on. */
export function profileKeyboard(field: KioskEditableField): 'text' | 'number' {
  return field === 'phonenumber' || field === 'birthdate' ? 'number' : 'text';
}
