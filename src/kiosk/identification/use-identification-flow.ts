import { useState } from 'react';
import { useStore } from 'zustand';
import type { PortalSessionState } from '../../contract/portal';
import { resetLanguage } from '../i18n/i18n';
import { createIdentificationStore } from './identification-store';

/**
 * The identification store of one flow instance, with the flow's reset (idle, Back to start):
 * first screen again, browser language again.
 */
export function useIdentificationFlow(session: PortalSessionState) {
  const [store] = useState(() => createIdentificationStore(session.settings, session.contact !== null));
  const state = useStore(store, (s) => s.state);
  const go = useStore(store, (s) => s.go);
  const resetStore = useStore(store, (s) => s.reset);
  const reset = () => {
    resetStore();
    resetLanguage();
  };
  return { state, go, reset };
}
