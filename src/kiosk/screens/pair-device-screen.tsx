import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { pairDevice } from '../api/pair-device';
import { ActionError } from '../components/action-error';
import { OnScreenKeyboard } from '../components/on-screen-keyboard';
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
  const id = useId();
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
        <div className="field">
          <label htmlFor={id}>{t('standby.pairCode')}</label>
          <input
            id={id}
            name="code"
            data-testid="pair-code-input"
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
