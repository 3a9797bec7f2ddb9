import { notifyManager, useMutation, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { newActionKey } from '../../web/action-key';
import { toApiError } from '../../web/api-error';
import { type FinishKind, finishSessionAction } from '../api/finish-session';
import { sessionKey } from '../api/get-session';
import type { ActionVariables, SessionAction } from '../api/session-action';
import { ActionError } from '../components/action-error';
import { type ActionLaneStore, createActionLane } from '../lib/action-lane';
import { attempt } from '../lib/attempts';
import { connection } from '../lib/connection';
import { afterNextPaint } from '../lib/when-idle';

/*
 * The one place that runs a session's actions (identify, pay, top up, redeem, claim, …, complete,
 * cancel): one at a time per session (lib/action-lane.ts), each tried until the service answers
 * with the same idempotency key (lib/attempts.ts: a connection lost for a while resumes by itself
 * and never acts twice), the session refetched after each (once the answer's screen is painted),
 * and the end of the session (Cancel, Done, idle) held back until the action under way has its
 * outcome.
 */

interface SessionActions {
  uuid: string;
  lane: ActionLaneStore;
  /** Why the last end failed (with Try again), for the Cancel and Done buttons; null when it did not. */
  endError: { kind: FinishKind; error: ReactNode } | null;
}

const SessionActionsContext = createContext<SessionActions | null>(null);

function useSessionActions(): SessionActions {
  const actions = useContext(SessionActionsContext);
  if (!actions) throw new Error('session actions used outside SessionActionsProvider');
  return actions;
}

/**
 * A TanStack mutation that runs `action` of session `uuid` by the rules above; `ends`: it is the end
 * itself. `onSuccess` moves the screen on in the same notification as the cached session's change
 * (action.apply) and the lane's: one render shows them all, never the next step with the session
 * before the action (a loading screen in between), nor a render of the old screen first (each a
 * few tens of milliseconds on a slow tablet).
 */
function useActionMutation<B, R>(
  uuid: string,
  action: SessionAction<B, R>,
  lane: ActionLaneStore,
  ends: boolean,
  onSuccess?: (result: R, variables: ActionVariables<B>) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: ActionVariables<B>) =>
      attempt(() => action.send(uuid, variables), {
        // No new try once the session is to end (the end itself excepted).
        stopped: () => !ends && lane.getState().ending !== null,
      }),
    // Our own tries (attempt), not TanStack's, which would also hold the action back while offline.
    networkMode: 'always',
    retry: false,
    onSuccess: (result, variables) =>
      notifyManager.batch(() => {
        action.apply?.(uuid, result, queryClient);
        notifyManager.schedule(() => {
          if (!ends) lane.getState().settle(action.changes);
          onSuccess?.(result, variables);
        });
      }),
    onSettled: (_result, error) => {
      if (!ends && error) lane.getState().settle(false);
      afterNextPaint(() => void queryClient.invalidateQueries({ queryKey: sessionKey(uuid) }));
    },
  });
}

/**
 * Around one session on screen: its action lane, and the end of the session, run once an end was
 * asked for (useSessionEnd) and no action runs. Stays mounted while the session's screens change,
 * so an end asked for during an action still happens when that action's screen is gone.
 */
export function SessionActionsProvider({ uuid, children }: { uuid: string; children: ReactNode }) {
  const [lane] = useState(createActionLane);
  const end = useActionMutation(uuid, finishSessionAction, lane, true);
  const [lastEnd, setLastEnd] = useState<FinishKind>('cancel');
  const { mutate } = end;
  useEffect(() => {
    let started = false;
    const maybeEnd = () => {
      const { ending, running } = lane.getState();
      if (!ending || running || started) return;
      started = true;
      setLastEnd(ending);
      mutate(
        { body: { kind: ending }, key: newActionKey() },
        {
          onError: () => {
            started = false;
            lane.getState().endFailed();
          },
        },
      );
    };
    maybeEnd();
    return lane.subscribe(maybeEnd);
  }, [lane, mutate]);
  // Ended or expired meanwhile (409, 410): the refetched session shows its end screen, not an error.
  const endFailure = end.isError ? toApiError(end.error) : null;
  const shown = endFailure && endFailure.status !== 409 && endFailure.status !== 410;
  const value: SessionActions = {
    uuid,
    lane,
    endError: shown
      ? {
          kind: lastEnd,
          error: <ActionError error={end.error} onRetry={() => lane.getState().requestEnd(lastEnd)} />,
        }
      : null,
  };
  return <SessionActionsContext.Provider value={value}>{children}</SessionActionsContext.Provider>;
}

/**
 * One user action of the session on screen: `run(body)` with a fresh idempotency key (false, and
 * nothing sent, while another action runs or the session is ending); `retry()` sends the same
 * request again after a refusal worth retrying (5xx, 429). `pending` lasts until the service has
 * answered, however long the connection is lost (`offline` meanwhile). `error` is the friendly
 * refusal to show, by code; `onSuccess` moves the flow on.
 */
export function useAction<B, R>(action: SessionAction<B, R>, onSuccess?: (result: R, body: B) => void) {
  const { uuid, lane } = useSessionActions();
  // The action this screen waits for, while it is mounted: the answer of one it no longer shows
  // (the screen was left, or another action began) moves nothing.
  const awaited = useRef<ActionVariables<B> | null>(null);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const mutation = useActionMutation(uuid, action, lane, false, (result, variables) => {
    if (mounted.current && awaited.current === variables) onSuccess?.(result, variables.body);
  });
  const ending = useStore(lane, (s) => s.ending);
  const online = useStore(connection, (s) => s.online);
  const start = (variables: ActionVariables<B>) => {
    if (!lane.getState().begin()) return false;
    awaited.current = variables;
    mutation.mutate(variables);
    return true;
  };
  const retry = () => mutation.variables !== undefined && start(mutation.variables);
  return {
    run: (body: B) => start({ body, key: newActionKey() }),
    retry,
    pending: mutation.isPending,
    /** Under way, waiting for the connection to come back. */
    offline: mutation.isPending && !online,
    // A refusal that lost its meaning once the session is ending is not shown.
    error: mutation.isError && !ending ? <ActionError error={mutation.error} onRetry={retry} /> : null,
    /** The refusal itself (code, reason, status, the fields it names), for a form that marks its fields; null when none. */
    refusal: mutation.isError && !ending ? toApiError(mutation.error) : null,
    /** Forgets an error shown, or the action under way's answer (the customer went another way). */
    clear: () => {
      awaited.current = null;
      mutation.reset();
    },
  };
}

/**
 * Ending the session on screen: `request('cancel' | 'complete')` (Cancel, Done, the idle timer);
 * `ending` what was asked for, `waiting` while it waits for the action under way, `changed` once
 * an action changed something, and `error` (with Try again) when the end itself failed. An action
 * starting or ending alone re-renders none of its users (the screens around Cancel and Done): on a
 * slow tablet that render would delay the action's request and its answer's screen.
 */
export function useSessionEnd() {
  const { lane, endError } = useSessionActions();
  const ending = useStore(lane, (s) => s.ending);
  const waiting = useStore(lane, (s) => s.ending !== null && s.running);
  const changed = useStore(lane, (s) => s.changed);
  return {
    request: (kind: FinishKind) => lane.getState().requestEnd(kind),
    ending,
    /** An action of this screen changed something (the session's events may not say so yet). */
    changed,
    waiting,
    error: endError,
  };
}

/** An action is under way or the session is ending (no idle timer meanwhile). */
export function useSessionBusy(): boolean {
  const { lane } = useSessionActions();
  return useStore(lane, (s) => s.running || s.ending !== null);
}
