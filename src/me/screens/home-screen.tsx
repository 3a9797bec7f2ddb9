import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import type { MeOverview } from '../../contract/me';
import { ProgressBar } from '../../ui/progress-bar';
import { formatCredits, formatDate, formatMoney } from '../../web/format';
import { useAppCode } from '../api/queries';
import { Notice } from '../components/notice';
import { Section } from '../components/section';
import { TermsCard } from './terms-card';

/**
 * Home: a greeting, the app code (a QR of a contact session token the kiosk accepts instead of a
 * card, fetched anew before it expires), the balances, the tier and the progress to the next reward.
 * A prepaid balance shows only when there is one. The account's terms come first while the customer
 * still has them to accept.
 */
export function HomeScreen({ overview, creditName }: { overview: MeOverview; creditName: string }) {
  const { t, i18n } = useTranslation('me');
  const language = i18n.language;
  const name = overview.firstname?.trim();
  const next = overview.next_reward;
  return (
    <div className="me-stack">
      <h1>{name ? t('home.greeting', { name }) : t('home.greetingNoName')}</h1>
      {overview.terms_to_accept ? (
        <TermsCard terms={overview.terms_to_accept} accountName={overview.account_name ?? ''} />
      ) : null}
      <AppCode />
      <Section title={t('home.credits', { name: creditName })} testId="balances">
        <div className="me-figure" data-testid="credits">
          {formatCredits(overview.credit_balance, language)}{' '}
          <span className="me-figure-unit">{creditName}</span>
        </div>
        {overview.tier ? (
          <p className="me-tier" data-testid="tier">
            <span className="me-tier-label">{t('home.tier')}</span> {overview.tier.name}
          </p>
        ) : null}
        {next ? (
          next.credits_short > 0 ? (
            <ProgressBar
              testId="next-reward"
              label={t('home.nextReward', {
                credits: formatCredits(next.credits_short, language),
                name: creditName,
                reward: next.title,
              })}
              value={next.required_credits - next.credits_short}
              max={next.required_credits}
            />
          ) : (
            <p className="me-ready" data-testid="next-reward">
              {t('home.rewardReady', { reward: next.title })}
            </p>
          )
        ) : null}
        {overview.prepaid_balance_in_cents > 0 ? (
          <p className="me-row" data-testid="prepaid">
            <span>{t('home.prepaid')}</span>
            <strong>{formatMoney(overview.prepaid_balance_in_cents, language)}</strong>
          </p>
        ) : null}
        {overview.member_since ? (
          <p className="me-hint" data-testid="member-since">
            {t('home.memberSince', { date: formatDate(overview.member_since, language) })}
          </p>
        ) : null}
      </Section>
    </div>
  );
}

/** The app code as a QR on white with its quiet zone, as large as the phone's width allows. */
function AppCode() {
  const { t } = useTranslation('me');
  const code = useAppCode();
  return (
    <Section title={t('home.appCodeTitle')} lead={t('home.appCodeHint')} testId="app-code-card">
      {code.data ? (
        <div className="me-qr" data-testid="app-code" data-code={code.data.token}>
          <QRCodeSVG
            value={code.data.token}
            size={320}
            level="M"
            marginSize={4}
            role="img"
            aria-label={t('home.appCodeLabel')}
          />
        </div>
      ) : code.isError ? (
        <Notice kind="error">{t('home.appCodeError')}</Notice>
      ) : (
        <div className="me-qr me-qr-waiting" role="status">
          {t('loading')}
        </div>
      )}
      <p className="me-hint">{t('home.appCodeRefresh')}</p>
    </Section>
  );
}
