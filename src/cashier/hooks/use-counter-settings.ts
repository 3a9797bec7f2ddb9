import { useState } from 'react';
import type { CashierDevice } from '../../contract/cashier';
import { type CounterSettings, counterSettingsKey, readCounterSettings } from '../lib/counter-settings';

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The counter screen's settings of this device, kept in the browser's storage across visits (a
 * browser without storage keeps them for the page only). Returns the settings and a setter that
 * changes some of them and keeps the result.
 */
export function useCounterSettings(
  device: CashierDevice,
): [CounterSettings, (change: Partial<CounterSettings>) => void] {
  const key = counterSettingsKey(device);
  const [settings, setSettings] = useState(() => readCounterSettings(device, stored(key)));
  const change = (partial: Partial<CounterSettings>) => {
    const next = { ...settings, ...partial };
    setSettings(next);
    try {
      localStorage.setItem(key, JSON.stringify(next));
    } catch {
      // Kept for this page only.
    }
  };
  return [settings, change];
}
