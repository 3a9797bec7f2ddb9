import { useTranslation } from 'react-i18next';
import { formatCredits, formatDate } from '../../web/format';
import { useRewards, useVouchers } from '../api/queries';
import { Notice } from '../components/notice';
import { Section } from '../components/section';

/**
 * Rewards (claimable first, then by credits; each says what it costs and whether the customer has
 * enough) and vouchers (valid first; code, state, until when). Claiming and using happen at the
 * counter, where the reward is handed over.
 */
export function RewardsScreen({ creditName }: { creditName: string }) {
  const { t, i18n } = useTranslation('me');
  const language = i18n.language;
  const rewards = useRewards();
  const vouchers = useVouchers();
  const sortedRewards = [...(rewards.data ?? [])].sort(
    (a, b) => Number(b.claimable) - Number(a.claimable) || a.required_credits - b.required_credits,
  );
  const sortedVouchers = [...(vouchers.data ?? [])].sort(
    (a, b) => Number(a.unusable !== null) - Number(b.unusable !== null),
  );
  return (
    <div className="me-stack">
      <h1>{t('rewards.pageTitle')}</h1>
      <Section title={t('rewards.title')} lead={t('rewards.lead', { name: creditName })} testId="rewards">
        {rewards.isError ? (
          <Notice kind="error" error={rewards.error} retry={() => rewards.refetch()} />
        ) : rewards.isPending ? (
          <p role="status">{t('loading')}</p>
        ) : sortedRewards.length === 0 ? (
          <p className="me-empty">{t('rewards.none')}</p>
        ) : (
          <ul className="me-list" data-testid="reward-list">
            {sortedRewards.map((reward) => (
              <li
                key={reward.uuid}
                className={reward.claimable ? 'me-item me-item-ready' : 'me-item'}
                data-testid={`reward-${reward.uuid}`}
              >
                <span className="me-item-main">
                  <strong>{reward.title}</strong>
                  <span className="me-item-sub">
                    {t('rewards.cost', {
                      credits: formatCredits(reward.required_credits, language),
                      name: creditName,
                    })}
                  </span>
                </span>
                <span
                  className={
                    reward.claimable && !reward.out_of_stock ? 'me-badge me-badge-ready' : 'me-badge'
                  }
                >
                  {reward.out_of_stock
                    ? t('rewards.outOfStock')
                    : reward.claimable
                      ? t('rewards.claimable')
                      : t('rewards.needed', {
                          credits: formatCredits(reward.credits_short, language),
                          name: creditName,
                        })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('vouchers.title')} lead={t('vouchers.lead')} testId="vouchers">
        {vouchers.isError ? (
          <Notice kind="error" error={vouchers.error} retry={() => vouchers.refetch()} />
        ) : vouchers.isPending ? (
          <p role="status">{t('loading')}</p>
        ) : sortedVouchers.length === 0 ? (
          <p className="me-empty">{t('vouchers.none')}</p>
        ) : (
          <ul className="me-list" data-testid="voucher-list">
            {sortedVouchers.map((voucher) => (
              <li
                key={voucher.uuid}
                className={voucher.unusable ? 'me-item me-unusable' : 'me-item'}
                data-testid={`voucher-${voucher.uuid}`}
              >
                <span className="me-item-main">
                  <strong>{voucher.name}</strong>
                  <span className="me-item-sub me-code">{t('vouchers.code', { code: voucher.code })}</span>
                  {voucher.expiration_date && !voucher.unusable ? (
                    <span className="me-item-sub">
                      {t('vouchers.until', { date: formatDate(voucher.expiration_date, language) })}
                    </span>
                  ) : null}
                </span>
                <span className={voucher.unusable ? 'me-badge' : 'me-badge me-badge-ready'}>
                  {t(`vouchers.${voucher.unusable?.reason ?? 'valid'}`)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
