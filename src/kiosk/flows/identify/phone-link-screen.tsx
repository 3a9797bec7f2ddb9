import { QRCodeSVG } from 'qrcode.react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { toApiError } from '../../../web/api-error';
import { useMeLink } from '../../api/get-me-link';
import { ActionError } from '../../components/action-error';
import { Screen } from '../../components/screen';
import { Spinner } from '../../components/spinner';

/**
 * "Manage on your phone": a QR of a one-time sign-in link to the customer's own page /me/, where
 * they change their details, cards and e-mails (editing leaves the counter). The link is fetched
 * when this screen shows and works once, for a few minutes; nothing personal is on the screen. It
 * opens the customer's account, so the service hands it out only once they proved it is them
 * themselves (a scan of their card or app code, their e-mailed code): asked for it, the screen goes
 * to that proof (`onProofNeeded`) rather than show a refusal.
 */
export function PhoneLinkScreen({
  sessionUuid,
  onBack,
  onProofNeeded,
  footer,
}: {
  sessionUuid: string;
  onBack: () => void;
  onProofNeeded: () => void;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  const link = useMeLink(sessionUuid);
  const proofNeeded = link.isError && toApiError(link.error).reason === 'proof_required';
  useEffect(() => {
    if (proofNeeded) onProofNeeded();
  }, [proofNeeded, onProofNeeded]);
  return (
    <Screen
      title={t('phone.title')}
      testId="screen-phone-link"
      footer={
        <div className="footer-row footer-split">
          {footer}
          <Button variant="quiet" onClick={onBack} data-testid="back-button">
            {t('common.back')}
          </Button>
        </div>
      }
    >
      <div className="phone-link">
        {link.data ? (
          <figure className="phone-link-code" data-testid="me-link-qr" data-url={link.data.url}>
            <QRCodeSVG
              value={link.data.url}
              size={280}
              marginSize={4}
              role="img"
              aria-label={t('phone.qrLabel')}
            />
          </figure>
        ) : link.isError && !proofNeeded ? (
          <ActionError error={link.error} onRetry={() => void link.refetch()} />
        ) : (
          <Spinner label={t('common.loading')} />
        )}
        <div className="phone-link-text">
          <p className="lead">{t('phone.lead')}</p>
          <p className="muted">{t('phone.once')}</p>
        </div>
      </div>
    </Screen>
  );
}
