import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { PortalSessionState } from '../../contract/portal';
import { toApiError } from '../../web/api-error';
import { useSession } from '../api/get-session';
import { useSessionStream } from '../api/use-session-stream';
import { KioskFrame } from '../components/kiosk-frame';
import { CreditReceptionFlow } from '../flows/credit-reception/credit-reception-flow';
import { IdentifyFlow } from '../flows/identify/identify-flow';
import { SessionActionsProvider } from '../hooks/use-action';
import { useContactLanguage } from '../hooks/use-contact-language';
import { usePostMessageEvents } from '../hooks/use-post-message-events';
import { useSessionExpiry } from '../hooks/use-session-expiry';
import { resetLanguage, useAccountWording } from '../i18n/i18n';
import { cancelledElsewhere, madeChanges } from '../lib/session-outcome';
import { CancelledScreen } from '../screens/cancelled-screen';
import { CompletedScreen } from '../screens/completed-screen';
import { ErrorScreen } from '../screens/error-screen';
import { ExpiredScreen } from '../screens/expired-screen';
import { LoadingScreen } from '../screens/loading-screen';
import { SessionEndedScreen } from '../screens/session-ended-screen';
import { UnknownSessionScreen } from '../screens/unknown-session-screen';

// The flows a session may not need load when it does (initial JS stays small).
const GiftcardRedeemFlow = lazy(() => import('../flows/giftcard-redeem/giftcard-redeem-flow'));
const GiftcardTopUpFlow = lazy(() => import('../flows/giftcard-top-up/giftcard-top-up-flow'));
const PrepaidFlow = lazy(() => import('../flows/prepaid/prepaid-flow'));
const VouchersFlow = lazy(() => import('../flows/vouchers/vouchers-flow'));
const GiftcardChoiceFlow = lazy(() => import('./giftcard-choice-flow'));
const PrepaidChoiceFlow = lazy(() => import('./prepaid-choice-flow'));
const ScanAnythingFlow = lazy(() => import('./scan-anything-flow'));

/** Seconds an expired-on-load screen stays before a standby screen moves on. */
const FALLBACK_END_SECONDS = 10;

/**
 * One portal session on screen: loads it, follows its live stream (polling while the stream is
 * down), forwards its events to an embedding POS page, and renders its flow, or its end screen.
 * `onFinished` (standby screens) is called when the end screen has been dismissed, and at once
 * when the POS or the cashier cancelled the session; without it the screen stays on a neutral
 * thank-you.
 */
export function SessionView({ uuid, onFinished }: { uuid: string; onFinished?: () => void }) {
  const [connected, setConnected] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const query = useSession(uuid, { poll: !connected });
  const session = query.data;
  useAccountWording(session?.account.wording);
  useSessionStream(uuid, session?.status === 'open', setConnected);
  useSessionExpiry(uuid, session?.status === 'open' ? session.expires_at : null);
  usePostMessageEvents(uuid, session?.events, session?.allowed_origins);
  useContactLanguage(session?.contact);

  // The end screen still speaks the customer's language; the next customer gets the default.
  const dismiss = () => {
    resetLanguage();
    if (onFinished) onFinished();
    else setDismissed(true);
  };
  const error = query.isError ? toApiError(query.error) : null;
  // Cancelled at the till: a standby screen leaves it at once, back to its welcome.
  const leaveAtOnce =
    onFinished !== undefined && session?.status === 'cancelled' && cancelledElsewhere(session.events);
  const leave = useRef(dismiss);
  leave.current = dismiss;
  useEffect(() => {
    if (leaveAtOnce) leave.current();
  }, [leaveAtOnce]);

  return (
    <KioskFrame
      accountBrand={session?.account.brand}
      accountName={session?.account.name}
      shopName={session?.shop.name}
      offlineNotice={error?.status !== 404}
    >
      {error?.status === 404 ? (
        <UnknownSessionScreen />
      ) : error?.status === 410 ? (
        <ExpiredScreen seconds={FALLBACK_END_SECONDS} onDismiss={dismiss} />
      ) : session ? (
        dismissed ? (
          <SessionEndedScreen shopName={session.shop.name} />
        ) : (
          <SessionActionsProvider uuid={uuid}>
            <SessionContent session={session} onDismiss={dismiss} />
          </SessionActionsProvider>
        )
      ) : error ? (
        <ErrorScreen error={error} onRetry={() => void query.refetch()} />
      ) : (
        <LoadingScreen />
      )}
    </KioskFrame>
  );
}

function SessionContent({ session, onDismiss }: { session: PortalSessionState; onDismiss: () => void }) {
  const seconds = session.kiosk.end_screen_seconds;
  switch (session.status) {
    case 'completed':
      return (
        <CompletedScreen seconds={seconds} onDismiss={onDismiss} giftcardPayment={session.giftcard_payment} />
      );
    case 'cancelled':
      return (
        <CancelledScreen
          seconds={seconds}
          onDismiss={onDismiss}
          changed={madeChanges(session.events)}
          elsewhere={cancelledElsewhere(session.events)}
          giftcardPayment={session.giftcard_payment}
        />
      );
    case 'expired':
      return <ExpiredScreen seconds={seconds} onDismiss={onDismiss} />;
    case 'open':
      return (
        <Suspense fallback={<LoadingScreen />}>
          <OpenSession session={session} />
        </Suspense>
      );
  }
}

function OpenSession({ session }: { session: PortalSessionState }) {
  switch (session.type) {
    case 'identify':
      return <IdentifyFlow session={session} />;
    case 'credit_reception':
      return <CreditReceptionFlow session={session} />;
    case 'redeem_giftcards':
      return <GiftcardRedeemFlow session={session} />;
    case 'top_up_giftcards':
      return <GiftcardTopUpFlow session={session} />;
    case 'pay_prepaid':
      return <PrepaidFlow session={session} type="pay_prepaid" />;
    case 'top_up_prepaid':
      return <PrepaidFlow session={session} type="top_up_prepaid" />;
    case 'vouchers':
      return <VouchersFlow session={session} />;
    case 'giftcard':
      return <GiftcardChoiceFlow session={session} />;
    case 'prepaid':
      return <PrepaidChoiceFlow session={session} />;
    case 'scan_anything':
      return <ScanAnythingFlow session={session} />;
  }
}
