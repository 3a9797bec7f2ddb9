import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  PortalContact,
  PortalCreditReception,
  PortalSessionState,
  PortalVoucher,
  RewardClaimResult,
} from '../../../contract/portal';
import { Button } from '../../../ui/button';
import { claimReceiptAction } from '../../api/claim-receipt';
import { claimRewardAction } from '../../api/claim-reward';
import { redeemVoucherAction } from '../../api/redeem-voucher';
import { IdleGuard } from '../../components/idle-guard';
import { Tabs } from '../../components/tabs';
import { useAction } from '../../hooks/use-action';
import { useFlowStore } from '../../hooks/use-flow-store';
import { usePainted } from '../../hooks/use-painted';
import { VerifyStep } from '../../identification/verify-step';
import { CodeCapture } from '../../screens/code-capture';
import { CreditResultScreen } from '../../screens/credit-result-screen';
import { VoucherConfirmScreen } from '../../screens/voucher-confirm-screen';
import { VoucherRedeemedScreen } from '../../screens/voucher-redeemed-screen';
import { WelcomeScreen } from '../../screens/welcome-screen';
import { PhoneLinkScreen } from './phone-link-screen';
import { PORTAL_START, PORTAL_TABS, type PortalStep, type PortalTab } from './portal-step';
import { RewardClaimedScreen } from './reward-claimed-screen';
import { RewardConfirmScreen } from './reward-confirm-screen';
import { RewardsTab } from './rewards-tab';
import { VisitStats } from './visit-stats';
import { VouchersTab } from './vouchers-tab';

/**
 * The customer's own portal (identify sessions), after identification: the welcome (first name,
 * tier, credits, prepaid, visit stats) with two tabs — rewards to claim with credits (and a receipt
 * to scan for its credits) and vouchers — and "Manage on your phone": a QR of a one-time link to
 * the customer's own page /me/, where their details, cards, e-mails and activity are (editing
 * leaves the counter).
 * A receipt scanned before the customer was identified (`heldReceipt`) is collected on arrival. A voucher tapped in its tab is used
 * there, after a confirmation, as in a vouchers session. A customer known by e-mail alone sees
 * their name, balances and rewards; the rest, and whatever spends or changes their account, first
 * asks them to confirm it is them (identification/verify-step.tsx), then goes back to where they
 * were. Nothing of the profile: the counter shows none of it. Loaded lazily by identify-flow.tsx.
 * The welcome's name and balances show first; the visit stats and the tabs (each with a request to
 * make) join them once that is painted, a frame later: on a slow tablet they would hold the
 * welcome back by tens of milliseconds.
 */
export default function CustomerPortal({
  session,
  contact,
  onDone,
  finishing,
  error,
  footer,
  heldReceipt = null,
}: {
  session: PortalSessionState;
  contact: PortalContact;
  /** A receipt code scanned at identification, to collect now. */
  heldReceipt?: string | null;
  onDone: () => void;
  finishing: boolean;
  error: ReactNode;
  footer: ReactNode;
}) {
  const { t } = useTranslation();
  const { state: step, go } = useFlowStore<PortalStep>(() =>
    heldReceipt ? { view: 'receipt', capture: 'scan' } : PORTAL_START,
  );
  const painted = usePainted();
  const proven = session.contact_proof?.proven ?? false;
  // Opening their account (the phone link) needs their own proof: the POS's word is not enough.
  const customerProven = session.contact_proof?.customer_proven ?? false;
  // Once proven, the customer is back where they asked to confirm it (or on to what they asked for).
  const state =
    step.view === 'verify' && (step.own ? customerProven : proven) ? (step.next ?? step.back) : step;
  const toTab = (tab: PortalTab) => go({ view: 'tabs', tab });
  /** Runs `action`, or first asks the customer to confirm it is them (then back to this view). */
  const proving = (action: () => void) => () =>
    proven ? action() : go({ view: 'verify', back: state as Exclude<PortalStep, { view: 'verify' }> });
  /** The phone link, or first the customer's own proof (a scan, the e-mailed code), then the link. */
  const toPhoneProof = () =>
    go({ view: 'verify', back: { view: 'tabs', tab: 'rewards' }, next: { view: 'phone' }, own: true });
  const toPhone = () => (customerProven ? go({ view: 'phone' }) : toPhoneProof());
  const claim = useAction(claimRewardAction, (result: RewardClaimResult) => go({ view: 'claimed', result }));
  const redeem = useAction(redeemVoucherAction, (voucher: PortalVoucher) =>
    go({ view: 'voucher_redeemed', voucher }),
  );
  const receipt = useAction(claimReceiptAction, (reception: PortalCreditReception) =>
    go({ view: 'receipt_claimed', reception }),
  );
  // The held receipt is collected once, as if scanned on the receipt screen (which shows its outcome).
  const heldSent = useRef(false);
  useEffect(() => {
    if (heldReceipt && !heldSent.current) {
      heldSent.current = true;
      receipt.run({ value: heldReceipt });
    }
  }, [heldReceipt, receipt]);

  let screen: ReactNode;
  switch (state.view) {
    case 'claim':
      screen = (
        <RewardConfirmScreen
          reward={state.reward}
          balanceCredits={contact.credit_balance}
          onConfirm={proving(() => claim.run({ reward_uuid: state.reward.uuid }))}
          confirming={claim.pending}
          error={claim.error}
          onBack={() => {
            claim.clear();
            toTab('rewards');
          }}
        />
      );
      break;
    case 'voucher':
      screen = (
        <VoucherConfirmScreen
          voucher={state.voucher}
          onConfirm={proving(() => redeem.run({ code: state.voucher.code }))}
          confirming={redeem.pending}
          error={redeem.error}
          onBack={() => {
            redeem.clear();
            toTab('vouchers');
          }}
        />
      );
      break;
    case 'voucher_redeemed':
      screen = (
        <VoucherRedeemedScreen
          voucher={state.voucher}
          onAnother={() => toTab('vouchers')}
          onDone={onDone}
          finishing={finishing}
          error={error}
        />
      );
      break;
    case 'claimed':
      screen = (
        <RewardClaimedScreen
          result={state.result}
          onBack={() => toTab('rewards')}
          onDone={onDone}
          finishing={finishing}
          error={error}
        />
      );
      break;
    case 'phone':
      screen = (
        <PhoneLinkScreen
          sessionUuid={session.uuid}
          onBack={() => toTab('rewards')}
          onProofNeeded={toPhoneProof}
          footer={footer}
        />
      );
      break;
    case 'receipt':
      screen = (
        <CodeCapture
          settings={session.settings}
          mode={state.capture}
          onMode={(capture) => go({ view: 'receipt', capture })}
          texts={{
            title: t('receipt.title'),
            cameraHint: t('receipt.cameraHint'),
            handHint: t('receipt.handHint'),
            checking: t('receipt.collecting'),
            illustration: t('scan.illustration'),
          }}
          typeTitle={t('receipt.typeTitle')}
          typeLabel={t('receipt.codeLabel')}
          testId="screen-receipt-scan"
          submit={(value) => receipt.run({ value })}
          checking={receipt.pending}
          error={receipt.error}
          onBack={() => {
            receipt.clear();
            toTab('rewards');
          }}
          footer={footer}
        />
      );
      break;
    case 'receipt_claimed':
      screen = (
        <CreditResultScreen
          reception={state.reception}
          accountName={session.account.name}
          onBack={() => toTab('rewards')}
          onDone={onDone}
          finishing={finishing}
          error={error}
        />
      );
      break;
    case 'verify':
      screen = (
        <VerifyStep
          session={session}
          onBack={() => go(state.back)}
          intro={state.own ? t('verify.introPhone') : undefined}
          footer={footer}
        />
      );
      break;
    case 'tabs':
      screen = (
        <WelcomeScreen
          contact={contact}
          visits={painted && proven ? <VisitStats sessionUuid={session.uuid} /> : null}
          onDone={onDone}
          finishing={finishing}
          error={error}
          footer={footer}
        >
          {painted ? (
            <Tabs
              tabs={PORTAL_TABS.map((id) => ({ id, label: t(`portal.tabs.${id}`) }))}
              selected={state.tab}
              onSelect={(tab) => toTab(tab)}
              label={t('portal.tabsLabel')}
            >
              {state.tab === 'rewards' ? (
                <div className="tab-stack">
                  <RewardsTab
                    sessionUuid={session.uuid}
                    onClaim={(reward) => go({ view: 'claim', reward })}
                  />
                  <div className="form-actions">
                    <Button
                      variant="secondary"
                      onClick={() => {
                        receipt.clear();
                        go({ view: 'receipt', capture: 'scan' });
                      }}
                      data-testid="scan-receipt"
                    >
                      {t('receipt.scan')}
                    </Button>
                  </div>
                </div>
              ) : !proven ? (
                <div className="tab-stack" data-testid="proof-needed">
                  <p className="lead">{t('verify.needed')}</p>
                  <div className="form-actions">
                    <Button onClick={proving(() => undefined)} data-testid="confirm-it-is-me">
                      {t('verify.confirm')}
                    </Button>
                  </div>
                </div>
              ) : (
                <VouchersTab
                  sessionUuid={session.uuid}
                  onUse={(voucher) => go({ view: 'voucher', voucher })}
                />
              )}
            </Tabs>
          ) : null}
          {painted ? (
            <div className="phone-link-row">
              <Button variant="secondary" onClick={toPhone} data-testid="manage-on-phone">
                {t('phone.button')}
              </Button>
            </div>
          ) : null}
        </WelcomeScreen>
      );
      break;
  }
  return (
    <>
      {screen}
      {/* Left alone, the portal ends the session; a claimed reward or used voucher is a result (lib/idle-rule.ts). */}
      <IdleGuard
        session={session}
        rule={
          state.view === 'claimed' || state.view === 'voucher_redeemed' || state.view === 'receipt_claimed'
            ? 'result'
            : 'customer'
        }
        screen={state.view}
        onReset={() => undefined}
      />
    </>
  );
}
