import { useState } from 'react';
import { useStore } from 'zustand';
import { createFlowStore } from '../lib/flow-store';

/**
 * The store of one flow instance (lib/flow-store.ts), created on mount from `initial` (and
 * `restart`, the screen a reset goes to).
 */
export function useFlowStore<S>(initial: () => S, restart?: () => S) {
  const [store] = useState(() => createFlowStore(initial, restart));
  const state = useStore(store, (s) => s.state);
  const round = useStore(store, (s) => s.round);
  const go = useStore(store, (s) => s.go);
  const reset = useStore(store, (s) => s.reset);
  return { state, round, go, reset };
}
