import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { pairDevice } from '../api/pair-device';
import { ActionError } from '../components/action-error';
import { CodeField } from '../components/code-field';
import { Screen } from '../components/screen';

/** Room for a pairing code as shown (`K7QM-3XRP`) with a space or two. */
const CODE_MAX_LENGTH = 12;

/**
 * "Pair this screen": staff type the pairing code the office shows for this tablet, on the
 * on-screen code keyboard (or a real one); the service answers the tablet's device token, handed
 * to `onPaired`. A wrong, used or expired code is told in words, and can be typed again.
 */
export function PairDeviceScreen({
  onPaired,
  onBack,
}: {
  onPaired: (token: string) => void;
  onBack?: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const pair = useMutation({ mutationFn: pairDevice, onSuccess: (answer) => onPaired(answer.token) });
  const trimmed = code.trim();
  return (
    <Screen title={t('standby.pairTitle')} testId="screen-pair-device" focusHeading={false}>
      <p className="lead">{t('standby.pairBody')}</p>
      <form
        className="code-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed && !pair.isPending) pair.mutate(trimmed);
        }}
      >
        <CodeField
          label={t('standby.pairCode')}
          code={code}
          onChange={setCode}
          maxLength={CODE_MAX_LENGTH}
          testId="pair-code-input"
        />
        {pair.isError ? <ActionError error={pair.error} /> : null}
        <div className="form-actions">
          {onBack ? (
            <Button variant="secondary" onClick={onBack} data-testid="pair-device-back">
              {t('standby.pairBack')}
            </Button>
          ) : null}
          <Button type="submit" busy={pair.isPending} disabled={!trimmed} data-testid="pair-device-submit">
            {pair.isPending ? t('standby.pairing') : t('standby.pairSubmit')}
          </Button>
        </div>
      </form>
    </Screen>
  );
}
