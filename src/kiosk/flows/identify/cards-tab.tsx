import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalCard } from '../../../contract/portal';
import { Button } from '../../../ui/button';
import { useCards } from '../../api/get-cards';
import { removeCardAction } from '../../api/remove-card';
import { QueryContent } from '../../components/query-content';
import { useAction } from '../../hooks/use-action';

/**
 * The customer's cards (their last 4 characters, name, active or not), each with Remove (asked once
 * more before it goes), and "Add a card".
 */
export function CardsTab({
  sessionUuid,
  cardAdded,
  onAdd,
}: {
  sessionUuid: string;
  /** A card was just added: say so. */
  cardAdded: boolean;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  const cards = useCards(sessionUuid);
  const [asking, setAsking] = useState<number | null>(null);
  const [removed, setRemoved] = useState(false);
  const remove = useAction(removeCardAction, (_card: PortalCard) => {
    setAsking(null);
    setRemoved(true);
  });
  return (
    <div className="tab-stack">
      {removed ? (
        <p className="success-note" role="status" data-testid="card-removed">
          {t('cards.removed')}
        </p>
      ) : null}
      {remove.error}
      {cardAdded ? (
        <p className="success-note" role="status" data-testid="card-added">
          {t('cards.added')}
        </p>
      ) : null}
      <QueryContent query={cards} empty={t('cards.none')}>
        {(items) => (
          <ul className="lines" data-testid="card-list">
            {items.map((card) => (
              <li key={`${card.value_hint}-${card.name}`} className="line">
                <span className="line-main">
                  <span className="line-title">{card.name}</span>
                  <span className="line-note">{t('cards.endingIn', { hint: card.value_hint })}</span>
                </span>
                <span className="line-amount">{t(card.active ? 'cards.active' : 'cards.inactive')}</span>
                {asking === card.id ? (
                  <span className="card-remove-confirm">
                    <span>{t('cards.removeConfirm', { hint: card.value_hint })}</span>
                    <Button
                      variant="quiet"
                      onClick={() => setAsking(null)}
                      disabled={remove.pending}
                      data-testid="keep-card"
                    >
                      {t('cards.keep')}
                    </Button>
                    <Button
                      busy={remove.pending}
                      onClick={() => remove.run({ card_id: card.id })}
                      data-testid="confirm-remove-card"
                    >
                      {t('cards.remove')}
                    </Button>
                  </span>
                ) : (
                  <Button
                    variant="quiet"
                    onClick={() => {
                      setRemoved(false);
                      setAsking(card.id);
                    }}
                    data-testid={`remove-card-${card.value_hint}`}
                    aria-label={`${t('cards.remove')}: ${t('cards.endingIn', { hint: card.value_hint })}`}
                  >
                    {t('cards.remove')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
      <div className="form-actions">
        <Button variant="secondary" onClick={onAdd} data-testid="add-card">
          {t('cards.add')}
        </Button>
      </div>
    </div>
  );
}
