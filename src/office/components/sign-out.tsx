import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { request } from '../../web/request';
import { OFFICE_API } from '../api/client';
import { endSession } from '../api/queries';
import { Notice } from './notice';

/**
 * "Sign out" (this browser) and "Sign out everywhere" (every session of this person, this one
 * too); either shows the sign-in screen with a note saying which. `everywhere`: show that one too.
 */
export function SignOutButtons({ everywhere = false }: { everywhere?: boolean }) {
  const { t } = useTranslation('office');
  const client = useQueryClient();
  const signOut = useMutation({
    meta: { public: true },
    mutationFn: (all: boolean) =>
      request<unknown>(OFFICE_API, { method: 'POST', path: all ? '/sign-out-everywhere' : '/sign-out' }),
    onSuccess: (_answer, all) =>
      endSession(client, { state: 'signed-out', note: all ? 'everywhere' : 'signed-out' }),
  });
  return (
    <div className="office-sign-out">
      {signOut.isError ? <Notice kind="error" error={signOut.error} /> : null}
      <Button
        variant="secondary"
        className="office-small-button"
        busy={signOut.isPending && !signOut.variables}
        onClick={() => signOut.mutate(false)}
        data-testid="sign-out"
      >
        {t('shell.signOut')}
      </Button>
      {everywhere ? (
        <>
          <Button
            variant="quiet"
            className="office-small-button"
            busy={signOut.isPending && signOut.variables}
            onClick={() => signOut.mutate(true)}
            aria-describedby="office-everywhere-hint"
            data-testid="sign-out-everywhere"
          >
            {t('shell.signOutEverywhere')}
          </Button>
          <p className="office-hint" id="office-everywhere-hint">
            {t('shell.signOutEverywhereHint')}
          </p>
        </>
      ) : null}
    </div>
  );
}
