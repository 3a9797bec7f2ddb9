import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Screen } from '../components/screen';
import { Spinner } from '../components/spinner';
import type { ReadableDocument } from '../components/terms-codes';

const TermsCodes = lazy(() => import('../components/terms-codes'));

/**
 * The account's terms, asked of a customer whose account was made without them (registered where
 * the terms were not shown: docs/trust-model.md): what they are asked, the terms and privacy
 * policy as QR codes to read on their phone (when the account names them), "I accept" and "Not
 * now". `proofFirst`: they are known by their e-mail address alone, so accepting first checks that
 * it is them.
 */
export function TermsScreen({
  accountName,
  termsUrl,
  privacyUrl,
  proofFirst,
  onAccept,
  accepting,
  onLater,
  error,
  footer,
}: {
  accountName: string;
  termsUrl: string | null;
  privacyUrl: string | null;
  proofFirst: boolean;
  onAccept: () => void;
  accepting: boolean;
  onLater: () => void;
  error?: ReactNode;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  const documents: ReadableDocument[] = [
    termsUrl ? { title: t('register.termsTitle'), url: termsUrl, testId: 'terms-code' } : null,
    privacyUrl ? { title: t('register.privacyTitle'), url: privacyUrl, testId: 'privacy-code' } : null,
  ].filter((doc) => doc !== null);
  return (
    <Screen title={t('termsAsk.title')} testId="screen-terms" footer={footer}>
      <p className="lead">{t('termsAsk.body', { account: accountName })}</p>
      {documents.length > 0 ? (
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <TermsCodes documents={documents} />
        </Suspense>
      ) : null}
      {proofFirst ? <p className="muted">{t('termsAsk.proofFirst')}</p> : null}
      {error}
      <div className="form-actions">
        <Button variant="secondary" onClick={onLater} data-testid="terms-later">
          {t('termsAsk.later')}
        </Button>
        <Button busy={accepting} onClick={onAccept} data-testid="accept-terms">
          {accepting ? t('termsAsk.accepting') : t('termsAsk.accept')}
        </Button>
      </div>
    </Screen>
  );
}
