import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { OnScreenKeyboard } from './on-screen-keyboard';

/**
 * A code's field with its on-screen code keyboard (or a real one): what is typed is shown in
 * capitals, at most `maxLength` characters. Used to type a card's, voucher's or pairing code.
 */
export function CodeField({
  label,
  code,
  onChange,
  maxLength,
  testId,
}: {
  label: string;
  code: string;
  onChange: (code: string) => void;
  maxLength: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="code"
        data-testid={testId}
        value={code}
        maxLength={maxLength}
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        inputMode="none"
        // biome-ignore lint/a11y/noAutofocus: the field is the only thing on its screen to use
        autoFocus
        onChange={(event) => onChange(event.target.value.toUpperCase())}
      />
      <OnScreenKeyboard
        value={code}
        onChange={onChange}
        maxLength={maxLength}
        label={t('code.keyboard')}
        layout="code"
      />
    </div>
  );
}
