import { createStore } from 'zustand/vanilla';
import type { PortalSettings } from '../../contract/portal';
import { firstStep, type IdentificationStep } from '../lib/identification';

/** A contact flow's screen state: where its identification stands (lib/identification.ts). */
export interface IdentificationStore {
  state: IdentificationStep;
  go: (state: IdentificationStep) => void;
  /** Back to the session's first screen (idle reset, Back). */
  reset: () => void;
}

/**
 * One store per flow instance (a flow remounts per session, so a standby screen never carries
 * one customer's state into the next session). Starts at `identified` when the session already
 * has its contact (the page was reloaded mid-session).
 */
export function createIdentificationStore(settings: PortalSettings, alreadyIdentified: boolean) {
  return createStore<IdentificationStore>()((set) => ({
    state: alreadyIdentified ? { step: 'identified' } : firstStep(settings),
    go: (state) => set({ state }),
    reset: () => set({ state: firstStep(settings) }),
  }));
}
