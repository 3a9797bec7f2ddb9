const PAIRED = 'portal-cashier-paired';

/**
 * Whether this browser was paired before: a flag, never a secret (the session is an httpOnly
 * cookie), so that a later refusal reads "no longer paired" rather than a first pairing.
 */
export function wasPaired(): boolean {
  try {
    return localStorage.getItem(PAIRED) === '1';
  } catch {
    return false;
  }
}

/** Sets or clears the flag (paired now; unpaired on purpose). */
export function rememberPaired(paired: boolean): void {
  try {
    if (paired) localStorage.setItem(PAIRED, '1');
    else localStorage.removeItem(PAIRED);
  } catch {
    // No storage: a refusal then reads as a first pairing.
  }
}
