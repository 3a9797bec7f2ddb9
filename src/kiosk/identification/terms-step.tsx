import { type ReactNode, useEffect, useState } from 'react';
import type { PortalSessionState } from '../../contract/portal';
import { acceptTermsAction } from '../api/accept-terms';
import { useAction } from '../hooks/use-action';
import { TermsScreen } from '../screens/terms-screen';
import { VerifyStep } from './verify-step';

/**
 * The account's terms, asked of an identified customer who has them pending (`terms_pending`:
 * registered where they were not shown). Nobody accepts for them: "I accept" of a customer known by
 * their e-mail address alone first has them prove it is them (VerifyStep: their card, or the
 * e-mailed code), then accepts. "Not now" goes on without; they are asked at their next sign-in.
 */
export function TermsStep({
  session,
  onDone,
  footer,
}: {
  session: PortalSessionState;
  /** The flow goes on (accepted, or not now). */
  onDone: () => void;
  footer: ReactNode;
}) {
  const proven = session.contact_proof?.proven === true;
  const [accepting, setAccepting] = useState(false);
  const accept = useAction(acceptTermsAction, () => onDone());
  const { run, pending } = accept;
  // Asked, then proven: the acceptance the customer asked for goes out.
  useEffect(() => {
    if (accepting && proven && !pending) {
      setAccepting(false);
      run({});
    }
  }, [accepting, proven, pending, run]);
  if (!session.contact) return null;
  if (accepting && !proven) {
    return <VerifyStep session={session} onBack={() => setAccepting(false)} footer={footer} />;
  }
  return (
    <TermsScreen
      accountName={session.account.name}
      termsUrl={session.kiosk.terms_url}
      privacyUrl={session.kiosk.privacy_url}
      proofFirst={!proven}
      onAccept={() => (proven ? run({}) : setAccepting(true))}
      accepting={pending}
      onLater={onDone}
      error={accept.error}
      footer={footer}
    />
  );
}
