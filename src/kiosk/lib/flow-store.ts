import { createStore } from 'zustand/vanilla';

/** A flow's screen state (a discriminated union per flow), with its moves. */
export interface FlowStore<S> {
  state: S;
  /** Counts the restarts: screens keyed by it start afresh (what was typed is gone). */
  round: number;
  go: (state: S) => void;
  /** Back to the flow's first screen (idle reset, Back to start). */
  reset: () => void;
}

/**
 * One store per flow instance: a flow remounts per session, so a standby screen never carries one
 * customer's state into the next session. `initial` gives the first screen; `restart` the screen a
 * reset goes to (default `initial`).
 */
export function createFlowStore<S>(initial: () => S, restart: () => S = initial) {
  return createStore<FlowStore<S>>()((set) => ({
    state: initial(),
    round: 0,
    go: (state) => set({ state }),
    reset: () => set((current) => ({ state: restart(), round: current.round + 1 })),
  }));
}
