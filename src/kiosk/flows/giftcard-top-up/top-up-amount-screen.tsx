import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalGiftcard } from '../../../contract/portal';
import { Button } from '../../../ui/button';
import { formatMoney } from '../../../web/format';
import { AmountEntry } from '../../components/amount-entry';
import { AmountPresets } from '../../components/amount-presets';
import { GiftcardSummary } from '../../components/giftcard-summary';
import { Screen } from '../../components/screen';
import { topUpProblem } from '../../lib/giftcards';

/**
 * The scanned card and the amount to add: a preset (€ 10, € 25, € 50; one tap) or an amount typed
 * on the keypad, at least the account's minimum and never more than the card may take. A card that cannot be topped up says why.
 */
export function TopUpAmountScreen({
  giftcard,
  minInCents,
  onAmount,
  onOtherCard,
  footer,
}: {
  giftcard: PortalGiftcard;
  /** The least amount the account allows. */
  minInCents: number;
  onAmount: (cents: number) => void;
  onOtherCard: () => void;
  footer: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const problem = topUpProblem(giftcard);
  const maxInCents = giftcard.max_top_up_in_cents;
  if (problem) {
    return (
      <Screen
        title={t(`topUp.problem.${problem}Title`)}
        testId="screen-topup-unavailable"
        tone="warning"
        footer={footer}
      >
        <GiftcardSummary giftcard={giftcard} />
        <p className="notice" data-testid="topup-problem" data-problem={problem}>
          {t(`topUp.problem.${problem}`)}
        </p>
        <div className="form-actions">
          <Button onClick={onOtherCard} data-testid="other-card">
            {t('giftcard.otherCard')}
          </Button>
        </div>
      </Screen>
    );
  }
  return (
    <Screen title={t('topUp.amountTitle')} testId="screen-topup-amount" footer={footer}>
      <div className="amount-layout">
        <div className="amount-side">
          <GiftcardSummary giftcard={giftcard} />
          {maxInCents !== null ? (
            <p className="muted" data-testid="topup-max">
              {t('topUp.max', { amount: formatMoney(maxInCents, i18n.language) })}
            </p>
          ) : null}
          <AmountPresets minInCents={minInCents} maxInCents={maxInCents} onAmount={onAmount} />
          <Button variant="secondary" className="amount-other" onClick={onOtherCard} data-testid="other-card">
            {t('giftcard.otherCard')}
          </Button>
        </div>
        <AmountEntry
          label={t('topUp.amountLabel')}
          minInCents={minInCents}
          limitInCents={maxInCents}
          onAmount={onAmount}
        />
      </div>
    </Screen>
  );
}
