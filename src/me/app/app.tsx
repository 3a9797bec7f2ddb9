import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeOverview, SignInResult } from '../../contract/me';
import { brandVariables } from '../../ui/brand';
import { LanguageButton } from '../../ui/language-button';
import { request } from '../../web/request';
import { ME_API } from '../api/client';
import { isSignedOut, useOverview } from '../api/queries';
import { Notice } from '../components/notice';
import { AccountScreen } from '../screens/account-screen';
import { ActivityScreen } from '../screens/activity-screen';
import { CardsScreen } from '../screens/cards-screen';
import { DeletedScreen } from '../screens/deleted-screen';
import { HomeScreen } from '../screens/home-screen';
import { RewardsScreen } from '../screens/rewards-screen';
import { SignInScreen } from '../screens/sign-in-screen';
import { SECTIONS, type Section, takeLinkToken, useSection } from './route';

/** Why the sign-in screen shows: nothing yet, a link that did not work, signed out by the customer. */
type SignInNote = 'none' | 'link_invalid' | 'signed_out';

/**
 * The /me/ page: signs in with the `?token=` of a link (then drops it from the address), else shows
 * the signed-in customer's account, else the sign-in screen ("e-mail me a sign-in link"). Every
 * answer that says signed out (401) leads back to the sign-in screen.
 */
export function App() {
  const { t } = useTranslation('me');
  const client = useQueryClient();
  const [linkToken] = useState(() => takeLinkToken());
  const [note, setNote] = useState<SignInNote>('none');
  const [deleted, setDeleted] = useState(false);
  const signIn = useMutation({
    mutationFn: (token: string) =>
      request<SignInResult>(ME_API, { method: 'POST', path: '/sign-in', body: { token } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['me'] }),
    onError: () => setNote('link_invalid'),
  });
  const sent = useRef(false);
  useEffect(() => {
    // Once only: a link token works once (StrictMode runs effects twice in development).
    if (linkToken && !sent.current) {
      sent.current = true;
      signIn.mutate(linkToken);
    }
  }, [linkToken, signIn]);
  const signingIn = linkToken !== null && (signIn.isIdle || signIn.isPending);
  const overview = useOverview(!signingIn && !deleted);

  const signedOut = (why: SignInNote) => {
    client.removeQueries({ queryKey: ['me'] });
    setNote(why);
  };

  if (deleted) return <Frame>{<DeletedScreen />}</Frame>;
  if (signingIn || (overview.isPending && overview.fetchStatus !== 'idle'))
    return (
      <Frame>
        <p className="me-loading" role="status">
          {signingIn ? t('signIn.signingIn') : t('loading')}
        </p>
      </Frame>
    );
  if (overview.isError && !isSignedOut(overview.error))
    return (
      <Frame>
        <Notice kind="error" error={overview.error} retry={() => overview.refetch()} />
      </Frame>
    );
  if (!overview.data)
    return (
      <Frame>
        <SignInScreen note={note} />
      </Frame>
    );
  return (
    <SignedIn
      overview={overview.data}
      onSignedOut={() => signedOut('signed_out')}
      onDeleted={() => {
        client.clear();
        setDeleted(true);
      }}
    />
  );
}

/** The page's frame before sign-in: the brand's colours unknown yet, the language button. */
function Frame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('me');
  return (
    <div className="me ui-branded">
      <header className="me-header">
        <span className="me-header-title">{t('title')}</span>
        <LanguageButton ns="me" />
      </header>
      <main className="me-main">{children}</main>
    </div>
  );
}

const NAV_ICONS: Record<Section, string> = {
  home: 'M4 11 L12 4 L20 11 V20 H14 V14 H10 V20 H4 Z',
  rewards: 'M12 3 L14.6 8.6 L20.6 9.3 L16.1 13.4 L17.3 19.4 L12 16.4 L6.7 19.4 L7.9 13.4 L3.4 9.3 L9.4 8.6 Z',
  activity: 'M4 6 H20 M4 12 H20 M4 18 H14',
  cards: 'M3 6 H21 V18 H3 Z M3 10 H21',
  account: 'M12 12 A4 4 0 1 0 12 4 A4 4 0 1 0 12 12 M4 21 C4 16 8 14 12 14 C16 14 20 16 20 21',
};

/** The signed-in page: the brand's header, the section the address names, the tab bar at the bottom. */
function SignedIn({
  overview,
  onSignedOut,
  onDeleted,
}: {
  overview: MeOverview;
  onSignedOut: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('me');
  const section = useSection();
  const style = brandVariables(overview.brand) as CSSProperties;
  const creditName = overview.custom_credit_name?.trim() || t('points');
  // A new section starts at its top, as a new page would.
  useEffect(() => {
    if (section) window.scrollTo(0, 0);
  }, [section]);
  return (
    <div className="me ui-branded" style={style}>
      <header className="me-header">
        <span className="me-header-title">{overview.account_name || t('title')}</span>
        <LanguageButton ns="me" />
      </header>
      <main className="me-main" data-testid={`me-${section}`}>
        {section === 'home' ? (
          <HomeScreen overview={overview} creditName={creditName} />
        ) : section === 'rewards' ? (
          <RewardsScreen creditName={creditName} />
        ) : section === 'activity' ? (
          <ActivityScreen creditName={creditName} />
        ) : section === 'cards' ? (
          <CardsScreen />
        ) : (
          <AccountScreen onSignedOut={onSignedOut} onDeleted={onDeleted} />
        )}
      </main>
      <nav className="me-nav" aria-label={t('nav.label')}>
        {SECTIONS.map((name) => (
          <a
            key={name}
            href={`#${name}`}
            className="me-nav-link"
            aria-current={name === section ? 'page' : undefined}
            data-testid={`nav-${name}`}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d={NAV_ICONS[name]} />
            </svg>
            <span>{t(`nav.${name}`)}</span>
          </a>
        ))}
      </nav>
    </div>
  );
}
