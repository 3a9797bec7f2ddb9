import { createStore } from 'zustand/vanilla';

/** A flow's screen state (a discriminated union per flow), with its moves. */
export interface FlowStore<S> {
  state: S;
  go: (state: S) => void;
  /** Back to the flow's first screen (idle reset, Back to start). */
  reset: () => void;
}

/**
 * One store per flow instance: a flow remounts per session, so a standby screen never carries one
 * customer's state into the next session. `initial` gives the first screen, again on reset.
 */
export function createFlowStore<S>(initial: () => S) {
  return createStore<FlowStore<S>>()((set) => ({
    state: initial(),
    go: (state) => set({ state }),
    reset: () => set({ state: initial() }),
  }));
}
