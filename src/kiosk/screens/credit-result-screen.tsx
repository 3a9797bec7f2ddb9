import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalCreditReception } from '../../contract/portal';
import { Button } from '../components/button';
import { Credits } from '../components/credits';
import { Screen } from '../components/screen';
import { formatCredits, greetingName } from '../lib/format';

/** The outcome of a credit reception: the credits earned and the contact's new balance. */
export function CreditResultScreen({
  reception,
  onDone,
  finishing,
  error,
}: {
  reception: PortalCreditReception;
  onDone: () => void;
  finishing: boolean;
  error?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const name = greetingName(reception.contact);
  return (
    <Screen
      title={name ? t('credit.resultTitle', { name }) : t('credit.resultTitleNoName')}
      testId="screen-credit-result"
      tone="success"
    >
      <dl className="stats">
        <div className="stat stat-main stat-earned" data-testid="credits-earned">
          <dt>{t('credit.earned')}</dt>
          <dd>{t('credit.earnedValue', { credits: formatCredits(reception.credits, i18n.language) })}</dd>
        </div>
        <div className="stat" data-testid="credit-balance">
          <dt>{t('credit.balance')}</dt>
          <dd>
            <Credits value={reception.contact.credit_balance} />
          </dd>
        </div>
      </dl>
      {error}
      <div className="form-actions">
        <Button busy={finishing} onClick={onDone} data-testid="done-button">
          {t('common.done')}
        </Button>
      </div>
    </Screen>
  );
}
