import type { ReactNode } from 'react';
import { Button } from '../../ui/button';

/**
 * A confirmation's two buttons: a way back (secondary, not while the action runs) and the confirm
 * button, which is busy and shows `busyLabel` while the action runs.
 */
export function ConfirmActions({
  back,
  backTestId,
  onBack,
  confirm,
  busyLabel,
  onConfirm,
  confirming,
}: {
  back: ReactNode;
  backTestId: string;
  onBack: () => void;
  confirm: ReactNode;
  busyLabel: ReactNode;
  onConfirm: () => void;
  confirming: boolean;
}) {
  return (
    <div className="form-actions">
      <Button variant="secondary" disabled={confirming} onClick={onBack} data-testid={backTestId}>
        {back}
      </Button>
      <Button busy={confirming} onClick={onConfirm} data-testid="confirm-button">
        {confirming ? busyLabel : confirm}
      </Button>
    </div>
  );
}
