import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePair } from '../api/queries';
import { LanguageButtons } from '../components/language-buttons';
import { errorMessageKey } from '../lib/error-message';
import { pairingToken } from '../lib/pairing-link';

/**
 * Pairing: the cashier types the pairing code the office shows (a fixture device's token is taken
 * there too); a pairing link (`#device=<token>`) pairs at once and leaves the address bar. `revoked`: the device was paired, and is no longer.
 */
export function PairScreen({ revoked }: { revoked: boolean }) {
  const { t } = useTranslation('cashier');
  const pair = usePair();
  const [code, setCode] = useState('');
  const fromLink = useRef<string | null>(null);
  useEffect(() => {
    const token = pairingToken(window.location.hash);
    if (!token || fromLink.current) return;
    fromLink.current = token;
    // The token must not stay in the address bar, the history or a bookmark.
    window.history.replaceState(null, '', window.location.pathname);
    pair.mutate(token);
  }, [pair]);

  return (
    <main className="pair" data-testid="screen-pair">
      <div className="pair-card">
        <div className="pair-top">
          <h1>{t('pair.title')}</h1>
          <LanguageButtons />
        </div>
        {revoked && !pair.isError ? (
          <p className="notice notice-warning" role="alert" data-testid="pair-revoked">
            {t('pair.revoked')}
          </p>
        ) : null}
        <p>{t('pair.body')}</p>
        <form
          className="pair-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (code.trim()) pair.mutate(code.trim());
          }}
        >
          <label htmlFor="pair-code">{t('pair.code')}</label>
          <input
            id="pair-code"
            className="input"
            value={code}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            data-testid="pair-code"
            onChange={(event) => setCode(event.target.value)}
          />
          <button
            type="submit"
            className="button button-primary"
            disabled={pair.isPending}
            data-testid="pair-submit"
          >
            {pair.isPending ? t('pair.pairing') : t('pair.submit')}
          </button>
        </form>
        {pair.isError ? (
          <p className="notice notice-error" role="alert" data-testid="pair-error">
            {pair.error && 'status' in pair.error && pair.error.status === 401
              ? t('pair.refused')
              : t(errorMessageKey(pair.error))}
          </p>
        ) : null}
      </div>
    </main>
  );
}
