import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfficeMe } from '../../contract/office';
import { LanguageButton } from '../../ui/language-button';
import { useSession } from '../api/queries';
import { Notice } from '../components/notice';
import { SignOutButtons } from '../components/sign-out';
import { AuditScreen } from '../screens/audit-screen';
import { CustomersScreen } from '../screens/customers-screen';
import { DevicesScreen } from '../screens/devices-screen';
import { EarningScreen } from '../screens/earning-screen';
import { ImportScreen } from '../screens/import-screen';
import { KeysScreen } from '../screens/keys-screen';
import { PromotionsScreen } from '../screens/promotions-screen';
import { RefusedScreen } from '../screens/refused-screen';
import { ReportsScreen } from '../screens/reports-screen';
import { ResetScreen } from '../screens/reset-screen';
import { RewardsScreen } from '../screens/rewards-screen';
import { ShopsScreen } from '../screens/shops-screen';
import { SignInScreen } from '../screens/sign-in-screen';
import { StaffScreen } from '../screens/staff-screen';
import { SECTIONS, type Section, takeResetToken, useSection } from './route';

/**
 * The /office/ page: a password-reset link's `?reset=` token first (taken from the address at
 * once), else the signed-in owner's or manager's office, a cashier's refusal, or the sign-in
 * screen. Any answer that says signed out (401) leads back to the sign-in screen (providers.tsx).
 */
export function App() {
  const { t } = useTranslation('office');
  const [resetToken, setResetToken] = useState(() => takeResetToken());
  const [askNewLink, setAskNewLink] = useState(false);
  const session = useSession();

  if (resetToken)
    return (
      <Frame>
        <ResetScreen
          token={resetToken}
          onDone={(askNew) => {
            setAskNewLink(askNew);
            setResetToken(null);
          }}
        />
      </Frame>
    );
  if (session.isPending)
    return (
      <Frame>
        <p className="office-loading" role="status">
          {t('loading')}
        </p>
      </Frame>
    );
  if (session.isError)
    return (
      <Frame>
        <Notice kind="error" error={session.error} retry={() => void session.refetch()} />
      </Frame>
    );
  const { data } = session;
  if (data.state === 'in') return <Shell me={data.me} />;
  return (
    <Frame>
      {data.state === 'cashier' ? (
        <RefusedScreen />
      ) : (
        <SignInScreen note={data.note} startForgot={askNewLink} />
      )}
    </Frame>
  );
}

/** The page's frame before sign-in: the title and the language button. */
function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('office');
  return (
    <div className="office ui-branded">
      <header className="office-header">
        <span className="office-header-title">{t('title')}</span>
        <LanguageButton ns="office" />
      </header>
      <main className="office-main office-main-alone">{children}</main>
    </div>
  );
}

const SCREENS: Record<Section, (props: { me: OfficeMe }) => ReactNode> = {
  shops: ShopsScreen,
  devices: DevicesScreen,
  staff: StaffScreen,
  keys: KeysScreen,
  audit: AuditScreen,
  rewards: RewardsScreen,
  earning: EarningScreen,
  promotions: PromotionsScreen,
  reports: ReportsScreen,
  import: ImportScreen,
  customers: CustomersScreen,
};

/**
 * The signed-in office: the navigation (a side bar on a laptop, a "Menu" that opens it on a
 * phone), who is signed in, signing out, and the section the address names.
 */
function Shell({ me }: { me: OfficeMe }) {
  const { t } = useTranslation('office');
  const section = useSection();
  const [menuOpen, setMenuOpen] = useState(false);
  const Screen = SCREENS[section];
  // A new section starts at its top with the menu closed, as a new page would.
  useEffect(() => {
    if (!section) return;
    setMenuOpen(false);
    window.scrollTo?.(0, 0);
  }, [section]);
  useEffect(() => {
    document.title = `${t(`nav.${section}`)} · ${t('title')}`;
  }, [section, t]);
  return (
    <div className="office ui-branded">
      <header className="office-header">
        <span className="office-header-title">
          {t('title')}
          <span className="office-header-account"> · {me.account.name}</span>
        </span>
        <span className="office-header-end">
          <LanguageButton ns="office" />
          <button
            type="button"
            className="ui-pill-button office-menu-button"
            aria-expanded={menuOpen}
            aria-controls="office-nav"
            onClick={() => setMenuOpen((open) => !open)}
            data-testid="menu"
          >
            {t('nav.menu')}
          </button>
        </span>
      </header>
      <div className="office-body">
        <nav
          id="office-nav"
          className={`office-nav${menuOpen ? ' office-nav-open' : ''}`}
          aria-label={t('nav.label')}
        >
          <ul>
            {SECTIONS.map((name) => (
              <li key={name}>
                <a
                  href={`#${name}`}
                  className="office-nav-link"
                  aria-current={name === section ? 'page' : undefined}
                  data-testid={`nav-${name}`}
                  onClick={() => setMenuOpen(false)}
                >
                  {t(`nav.${name}`)}
                </a>
              </li>
            ))}
          </ul>
          <div className="office-who" data-testid="signed-in-as">
            <p>{t('shell.signedInAs', { name: me.staff.name, role: t(`roles.${me.staff.role}`) })}</p>
            <SignOutButtons everywhere />
          </div>
        </nav>
        <main className="office-main" data-testid={`screen-${section}`}>
          <Screen me={me} />
        </main>
      </div>
    </div>
  );
}
