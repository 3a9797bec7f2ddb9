import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { CashierDevice } from '../../contract/cashier';
import { brandVariables } from '../../ui/brand';
import { useShopStream, useStaffSignOut } from '../api/queries';
import { LanguageButtons } from '../components/language-buttons';
import { WaitingStrip } from '../components/waiting-strip';
import { useFollowed } from '../hooks/use-followed';
import { useAccountWording } from '../i18n/i18n';
import { rememberPaired } from '../lib/paired-flag';
import { LivePanel } from '../screens/live-panel';
import { StartPanel } from '../screens/start-panel';
import { TodayPanel } from '../screens/today-panel';

type Tab = 'start' | 'live' | 'today';
const WIDE = '(min-width: 760px)';

function useWide(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = window.matchMedia(WIDE);
      query.addEventListener('change', notify);
      return () => query.removeEventListener('change', notify);
    },
    () => window.matchMedia(WIDE).matches,
  );
}

/** The followed session in the address (`?session=`), so a reload keeps following it. */
function initialSession(): string | null {
  return new URLSearchParams(window.location.search).get('session');
}

/**
 * The console of a paired device: header (the shop first, then device and account), then New /
 * Live / Today as tabs on a phone; on a wider screen New and Live side by side, each column with its
 * own action bar in view. Starting a session follows it live; while its customer waits for the
cashier and the live panel is not shown, a strip under the tabs says so and leads to it.
 */
export function Console({ device }: { device: CashierDevice }) {
  useAccountWording(device.account.wording);
  const { t } = useTranslation('cashier');
  const wide = useWide();
  const [tab, setTab] = useState<Tab>(initialSession() ? 'live' : 'start');
  const [followed, setFollowed] = useState<string | null>(initialSession);
  const followedSession = useFollowed(followed);
  useShopStream();
  useEffect(() => rememberPaired(true), []);
  useEffect(() => {
    const url = new URL(window.location.href);
    if (followed) url.searchParams.set('session', followed);
    else url.searchParams.delete('session');
    window.history.replaceState(null, '', url);
  }, [followed]);

  const follow = (uuid: string) => {
    setFollowed(uuid);
    setTab('live');
  };
  const tabs: { id: Tab; label: string }[] = wide
    ? [
        { id: 'start', label: t('tabs.counter') },
        { id: 'today', label: t('tabs.today') },
      ]
    : [
        { id: 'start', label: t('tabs.start') },
        { id: 'live', label: t('tabs.live') },
        { id: 'today', label: t('tabs.today') },
      ];
  const current: Tab = wide && tab === 'live' ? 'start' : tab;
  const showsLive = current === 'live' || (wide && current === 'start');

  return (
    <div className="console ui-branded" style={brandVariables(device.account.brand)}>
      <header className="console-header">
        <div className="console-brand">
          <h1 className="console-shop" data-testid="console-shop">
            {device.shop.name}
          </h1>
          <span className="console-device" data-testid="console-device">
            {t('app.device', { device: device.name, account: device.account.name })}
          </span>
        </div>
        <LanguageButtons />
      </header>
      <nav className="tabs" aria-label={t('app.nav')}>
        {tabs.map(({ id, label }) => (
          <button
            key={id}
            type="button"
            className="tab"
            aria-current={current === id ? 'page' : undefined}
            data-testid={`tab-${id}`}
            onClick={() => setTab(id)}
          >
            {label}
          </button>
        ))}
        {/* In the tab bar, not the header: on a phone the header has no room left for it. */}
        {device.staff ? <SwitchButton name={device.staff.name} /> : null}
      </nav>
      {showsLive ? null : <WaitingStrip session={followedSession.query.data} onShow={() => setTab('live')} />}
      <main className={wide && current === 'start' ? 'console-main console-split' : 'console-main'}>
        {current === 'start' ? <StartPanel device={device} onStarted={(s) => follow(s.uuid)} /> : null}
        {showsLive ? (
          <LivePanel
            uuid={followed}
            followed={followedSession}
            onNew={wide ? undefined : () => setTab('start')}
          />
        ) : null}
        {current === 'today' ? <TodayPanel onFollow={follow} /> : null}
      </main>
    </div>
  );
}

/** "<name> · Switch": who is at the till; tapping it hands the till over (the next person signs in). */
function SwitchButton({ name }: { name: string }) {
  const { t } = useTranslation('cashier');
  const signOut = useStaffSignOut();
  return (
    <button
      type="button"
      className="till-switch"
      data-testid="till-switch"
      aria-label={t('till.switchLabel', { name })}
      disabled={signOut.isPending}
      onClick={() => signOut.mutate()}
    >
      {name} · {t('till.switch')}
    </button>
  );
}
