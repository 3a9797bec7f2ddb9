import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalContact } from '../../contract/portal';
import { Button } from '../../ui/button';
import { Content } from '../../ui/wording';
import { greetingName } from '../../web/format';
import { Credits } from '../components/credits';
import { Money } from '../components/money';
import { Screen } from '../components/screen';

/**
 * The identified customer's own portal: name, credits, tier and prepaid balance, then `visits`
 * (more figures of the same list: the visit stats); beside them (landscape) or below them (portrait)
 * the portal's tabs (`children`, when loaded), filling the screen; Done beside Cancel.
 */
export function WelcomeScreen({
  contact,
  visits,
  onDone,
  finishing,
  error,
  footer,
  children,
}: {
  contact: PortalContact;
  /** Further `Stat`s of the list (the customer's visit stats). */
  visits?: ReactNode;
  onDone: () => void;
  finishing: boolean;
  error?: ReactNode;
  footer: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const name = greetingName(contact);
  return (
    <Screen
      title={name ? t('welcome.title', { name }) : t('welcome.titleNoName')}
      testId="screen-welcome"
      fill
      footer={
        <div className="footer-row footer-split">
          {footer}
          <Button busy={finishing} onClick={onDone} data-testid="done-button">
            {t('common.done')}
          </Button>
        </div>
      }
    >
      {/* Focusable: on a short landscape screen the column scrolls, and a keyboard must reach it too. */}
      <dl className="stats stats-compact" tabIndex={0} aria-label={t('welcome.figures')}>
        <div className="stat stat-main" data-testid="credit-balance">
          <dt>{t('welcome.credits')}</dt>
          <dd>
            <Credits value={contact.credit_balance} />
          </dd>
        </div>
        {contact.tier ? (
          <div className="stat stat-tier" data-testid="tier">
            <dt>{t('welcome.tier')}</dt>
            <dd>
              <Content text={contact.tier.name} />
            </dd>
          </div>
        ) : null}
        {contact.prepaid_balance_in_cents > 0 ? (
          <div className="stat" data-testid="prepaid-balance">
            <dt>{t('welcome.prepaid')}</dt>
            <dd>
              <Money cents={contact.prepaid_balance_in_cents} />
            </dd>
          </div>
        ) : null}
        {visits}
      </dl>
      {children}
      {error}
    </Screen>
  );
}
