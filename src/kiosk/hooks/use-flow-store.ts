import { useState } from 'react';
import { useStore } from 'zustand';
import { createFlowStore } from '../lib/flow-store';

/** The store of one flow instance (lib/flow-store.ts), created on mount from `initial`. */
export function useFlowStore<S>(initial: () => S) {
  const [store] = useState(() => createFlowStore(initial));
  const state = useStore(store, (s) => s.state);
  const go = useStore(store, (s) => s.go);
  const reset = useStore(store, (s) => s.reset);
  return { state, go, reset };
}
