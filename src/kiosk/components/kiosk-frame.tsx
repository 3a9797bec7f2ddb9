import { type CSSProperties, type ReactNode, useMemo } from 'react';
import type { z } from 'zod';
import type { brand } from '../../contract/portal';
import { brandVariables } from '../../ui/brand';
import { LanguageSwitch } from './language-switch';
import { OfflineNotice } from './offline-notice';

/**
 * The frame of every screen: the account's brand as CSS variables, a header with its logo, name
 * and the shop, the language switch, the notice of a lost connection, and the screen itself
 * in <main>.
 */
export function KioskFrame({
  accountBrand,
  accountName,
  shopName,
  offlineNotice = true,
  brandInHeader = true,
  children,
}: {
  accountBrand?: z.infer<typeof brand> | null;
  accountName?: string;
  shopName?: string;
  /** False on a screen that needs no connection to say what it says (a device not paired). */
  offlineNotice?: boolean;
  /** False on a screen that shows the brand large itself (the attract screen): no logo, name or shop. */
  brandInHeader?: boolean;
  children: ReactNode;
}) {
  const logo = accountBrand?.small_logo_url;
  // Once per brand, not per render: its colour checks take milliseconds on a slow tablet, and the
  // same style object leaves React nothing to compare.
  const style = useMemo(() => brandVariables(accountBrand) as CSSProperties, [accountBrand]);
  return (
    <div className="kiosk" style={style}>
      <header className="kiosk-header">
        <div className="kiosk-brand">
          {brandInHeader ? (
            <>
              {logo ? <img className="kiosk-logo" src={logo} alt="" width={48} height={48} /> : null}
              {accountName ? <span className="kiosk-name">{accountName}</span> : null}
              {shopName ? <span className="kiosk-shop">{shopName}</span> : null}
            </>
          ) : null}
        </div>
        <LanguageSwitch />
      </header>
      <main className="kiosk-main">
        {offlineNotice ? <OfflineNotice /> : null}
        {children}
      </main>
    </div>
  );
}
