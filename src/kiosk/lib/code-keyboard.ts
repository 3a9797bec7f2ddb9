import { layoutKeys } from './email-keyboard';

/**
 * The on-screen keyboard for codes (gift cards, vouchers, loyalty cards): digits, capitals and the
 * dash the printed codes use (GC-0001, MUFFIN-0001); {bksp} deletes.
 */
export const CODE_LAYOUT: Record<'default', string[]> = {
  default: ['1 2 3 4 5 6 7 8 9 0', 'Q W E R T Y U I O P', 'A S D F G H J K L', 'Z X C V B N M - {bksp}'],
};

/** Every key of the code layout, space-separated. */
export const CODE_BUTTONS = layoutKeys(CODE_LAYOUT);
