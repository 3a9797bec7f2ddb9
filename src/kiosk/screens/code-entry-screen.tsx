import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { OnScreenKeyboard } from '../components/on-screen-keyboard';
import { Screen } from '../components/screen';

/** Longest code the portal API takes. */
const CODE_MAX_LENGTH = 191;

/**
 * Type a code printed on a card or voucher, on the on-screen code keyboard (or a real one), for
 * when scanning does not work. Continue sends it; Back returns to scanning.
 */
export function CodeEntryScreen({
  title,
  label,
  testId,
  onSubmit,
  checking,
  error,
  intro,
  onBack,
  footer,
}: {
  title: string;
  label: string;
  testId: string;
  onSubmit: (code: string) => void;
  checking: boolean;
  error?: ReactNode;
  intro?: ReactNode;
  onBack: () => void;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const id = useId();
  const trimmed = code.trim();
  return (
    <Screen title={title} testId={testId} footer={footer} focusHeading={false}>
      {intro}
      <form
        className="code-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed && !checking) onSubmit(trimmed);
        }}
      >
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <input
            id={id}
            name="code"
            data-testid="code-input"
            value={code}
            maxLength={CODE_MAX_LENGTH}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            inputMode="none"
            // biome-ignore lint/a11y/noAutofocus: the field is the only thing on its screen to use
            autoFocus
            onChange={(event) => setCode(event.target.value.toUpperCase())}
          />
          <OnScreenKeyboard
            value={code}
            onChange={setCode}
            maxLength={CODE_MAX_LENGTH}
            label={t('code.keyboard')}
            layout="code"
          />
        </div>
        {error}
        <div className="form-actions">
          <Button variant="secondary" onClick={onBack} data-testid="scan-instead">
            {t('code.scanInstead')}
          </Button>
          <Button type="submit" busy={checking} disabled={!trimmed} data-testid="code-submit">
            {checking ? t('code.checking') : t('code.submit')}
          </Button>
        </div>
      </form>
    </Screen>
  );
}
