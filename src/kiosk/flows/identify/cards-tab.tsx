import { useTranslation } from 'react-i18next';
import { useCards } from '../../api/get-cards';
import { Button } from '../../components/button';
import { QueryContent } from '../../components/query-content';

/** The customer's cards (their last 4 characters, name, active or not), and "Add a card". */
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
  return (
    <div className="tab-stack">
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
