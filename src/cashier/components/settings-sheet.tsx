import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CounterSettings } from '../lib/counter-settings';
import { SwitchRow } from './switch-row';

/**
 * The counter screen's settings of this device, in a sheet over the console: the scanner, e-mail
 * identification, registration, the on-screen keyboard and several gift cards. Each change is kept
 * at once (useCounterSettings); Done or Escape closes it, and the focus returns to the console.
 */
export function SettingsSheet({
  settings,
  onChange,
  onClose,
}: {
  settings: CounterSettings;
  onChange: (change: Partial<CounterSettings>) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('cashier');
  const sheet = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = sheet.current;
    // A modal dialog: the console behind it is inert; Escape closes it; the focus returns.
    dialog?.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={sheet}
      className="sheet"
      aria-labelledby="settings-title"
      data-testid="settings-sheet"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="settings-title">{t('settings.title')}</h2>
      <p className="muted">{t('settings.kept')}</p>
      {/* biome-ignore lint/a11y/useSemanticElements: two toggle buttons, not radio inputs */}
      <div className="segmented" role="group" aria-label={t('start.scanner')}>
        {(['hand_scanner', 'camera'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={settings.scanner_type === value}
            data-testid={`scanner-${value}`}
            onClick={() => onChange({ scanner_type: value })}
          >
            {value === 'camera' ? t('start.camera') : t('start.handScanner')}
          </button>
        ))}
      </div>
      <h3 className="sheet-group">{t('settings.identifying')}</h3>
      <SwitchRow
        label={t('start.email')}
        checked={settings.enable_email_identification}
        onChange={(on) => onChange({ enable_email_identification: on })}
        testId="switch-email"
      />
      <SwitchRow
        label={t('start.registration')}
        checked={settings.enable_registration}
        onChange={(on) => onChange({ enable_registration: on })}
        testId="switch-registration"
      />
      <SwitchRow
        label={t('start.keyboard')}
        checked={settings.enable_on_screen_keyboard}
        onChange={(on) => onChange({ enable_on_screen_keyboard: on })}
        testId="switch-keyboard"
      />
      <h3 className="sheet-group">{t('types.redeem_giftcards')}</h3>
      <SwitchRow
        label={t('start.multipleGiftcards')}
        checked={settings.allow_multiple_giftcards}
        onChange={(on) => onChange({ allow_multiple_giftcards: on })}
        testId="switch-multiple"
      />
      <button
        type="button"
        className="button button-primary button-large"
        data-testid="settings-done"
        onClick={onClose}
      >
        {t('settings.done')}
      </button>
    </dialog>
  );
}
