import { createStore } from 'zustand/vanilla';
import type { FinishKind } from '../api/finish-session';

/**
 * The actions of one session on screen, one at a time (hooks/use-action.tsx), and how the session
 * is to end (Cancel, Done, the idle timer). The end waits for the action under way: Cancel during
 * a payment first lets the payment finish or fail (its outcome is then on the end screen), and no
 * action starts once an end is asked for.
 */
export interface ActionLane {
  /** An action is under way (sent, or waiting to be tried again). */
  running: boolean;
  /** How the session is to end, once no action runs; null while nobody asked. */
  ending: FinishKind | null;
  /** An action that changes something has succeeded (so a session left alone completes, not cancels). */
  changed: boolean;
  /** Starts an action: false (do not run it) while another runs or the session is ending. */
  begin: () => boolean;
  /** The action under way has its outcome; `changed` when it changed something. */
  settle: (changed: boolean) => void;
  /** Asks for the session to end; the first ask wins. */
  requestEnd: (kind: FinishKind) => void;
  /** The end was refused or failed: it may be asked for again. */
  endFailed: () => void;
}

export function createActionLane() {
  return createStore<ActionLane>()((set, get) => ({
    running: false,
    ending: null,
    changed: false,
    begin: () => {
      if (get().running || get().ending) return false;
      set({ running: true });
      return true;
    },
    settle: (changed) => set((state) => ({ running: false, changed: state.changed || changed })),
    requestEnd: (kind) => {
      if (!get().ending) set({ ending: kind });
    },
    endFailed: () => set({ ending: null }),
  }));
}

export type ActionLaneStore = ReturnType<typeof createActionLane>;
