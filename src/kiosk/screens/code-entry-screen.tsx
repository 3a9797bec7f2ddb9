import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { CodeField } from '../components/code-field';
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
        <CodeField
          label={label}
          code={code}
          onChange={setCode}
          maxLength={CODE_MAX_LENGTH}
          testId="code-input"
        />
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
