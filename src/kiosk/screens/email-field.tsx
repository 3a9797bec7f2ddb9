import { useId } from 'react';
import { OnScreenKeyboard } from '../components/on-screen-keyboard';

/** Longest e-mail address the service takes. */
export const EMAIL_MAX_LENGTH = 191;

/**
 * An e-mail address field, with the on-screen keyboard below it when the session enables one.
 * Both stay in sync: the keyboard types into the field, and typing on a real keyboard moves the
 * on-screen keyboard's value along. With the on-screen keyboard the tablet's own keyboard stays
 * closed (inputMode none).
 */
export function EmailField({
  label,
  value,
  onChange,
  invalid,
  errorId,
  keyboard,
  keyboardLabel,
  autoFocus,
  keyboardShown = true,
  onEdit,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  /** id of the text explaining what is wrong, when invalid. */
  errorId?: string;
  keyboard: boolean;
  keyboardLabel: string;
  autoFocus?: boolean;
  /** With `keyboard`: false puts the on-screen keyboard away for now (the system one stays off). */
  keyboardShown?: boolean;
  /** Called when the customer taps or focuses the field (to bring a folded keyboard back). */
  onEdit?: () => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="email"
        type="email"
        data-testid="email-input"
        value={value}
        maxLength={EMAIL_MAX_LENGTH}
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        inputMode={keyboard ? 'none' : 'email'}
        // biome-ignore lint/a11y/noAutofocus: the field is the only thing on its screen to use
        autoFocus={autoFocus}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        onPointerDown={onEdit}
        onFocus={onEdit}
      />
      {keyboard && keyboardShown ? (
        <OnScreenKeyboard
          value={value}
          onChange={onChange}
          maxLength={EMAIL_MAX_LENGTH}
          label={keyboardLabel}
        />
      ) : null}
    </div>
  );
}
