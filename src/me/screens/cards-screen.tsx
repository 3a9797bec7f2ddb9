import type { TFunction } from 'i18next';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { ApiError } from '../../web/api-error';
import { formatDate } from '../../web/format';
import { errorWords } from '../api/error-words';
import { useAddCard, useCards, useRemoveCard } from '../api/queries';
import { Notice } from '../components/notice';
import { Section } from '../components/section';

/**
 * Why a card was not added, in words: the service answers alike for every number it will not add
 * (card_not_addable: unknown, someone else's, inactive, not a card), so the page says one thing.
 */
function cardRefusal(t: TFunction<'me'>, error: unknown): string {
  if (error instanceof ApiError && error.reason === 'card_not_addable') return t('errors.cardNotAddable');
  return errorWords(t, error);
}

/**
 * The customer's cards (only the last 4 digits shown), each removable after a confirmation, and a
 * card of the shop added by typing its number. Any number that cannot be added is refused in one
 * sentence (the service tells nothing more), too many of them with the wait.
 */
export function CardsScreen() {
  const { t, i18n } = useTranslation('me');
  const id = useId();
  const cards = useCards();
  const add = useAddCard();
  const remove = useRemoveCard();
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [removed, setRemoved] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    setRemoved(false);
    if (!value) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    add.mutate(value, { onSuccess: () => setCode('') });
  };
  const addError = add.error ? cardRefusal(t, add.error) : null;

  return (
    <div className="me-stack">
      <h1>{t('cards.pageTitle')}</h1>
      <Section title={t('cards.title')} lead={t('cards.lead')} testId="cards">
        {removed ? <Notice kind="success">{t('cards.removed')}</Notice> : null}
        {remove.isError ? <Notice kind="error" error={remove.error} /> : null}
        {cards.isError ? (
          <Notice kind="error" error={cards.error} retry={() => cards.refetch()} />
        ) : cards.isPending ? (
          <p role="status">{t('loading')}</p>
        ) : cards.data.length === 0 ? (
          <p className="me-empty">{t('cards.none')}</p>
        ) : (
          <ul className="me-list" data-testid="card-list">
            {cards.data.map((card) => (
              <li key={card.id} className="me-item me-card-item" data-testid={`card-${card.value_hint}`}>
                {confirming === card.id ? (
                  <div className="me-confirm">
                    <p>{t('cards.confirmRemove', { last4: card.value_hint })}</p>
                    <div className="me-actions">
                      <Button
                        busy={remove.isPending}
                        onClick={() =>
                          remove.mutate(card.id, {
                            onSuccess: () => {
                              setConfirming(null);
                              setRemoved(true);
                            },
                          })
                        }
                      >
                        {t('cards.confirmYes')}
                      </Button>
                      <Button variant="quiet" onClick={() => setConfirming(null)}>
                        {t('cards.keep')}
                      </Button>
                    </div>
                  </div>
                ) : (
                  <>
                    <span className="me-item-main">
                      <strong>{t('cards.card', { last4: card.value_hint })}</strong>
                      {card.added_at ? (
                        <span className="me-item-sub">
                          {t('cards.added', { date: formatDate(card.added_at, i18n.language) })}
                        </span>
                      ) : null}
                    </span>
                    <Button
                      variant="quiet"
                      className="me-small-button"
                      aria-label={t('cards.removeLabel', { last4: card.value_hint })}
                      onClick={() => {
                        remove.reset();
                        setRemoved(false);
                        setConfirming(card.id);
                      }}
                    >
                      {t('cards.remove')}
                    </Button>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('cards.addTitle')} testId="add-card">
        <form className="me-form" onSubmit={submit} noValidate>
          {add.isSuccess ? (
            <Notice kind="success" testId="card-added">
              {t('cards.addedNote', { last4: add.data.value_hint })}
            </Notice>
          ) : null}
          <div className="me-field">
            <label htmlFor={`${id}-code`}>{t('cards.codeLabel')}</label>
            <p className="me-hint" id={`${id}-hint`}>
              {t('cards.codeHint')}
            </p>
            <input
              id={`${id}-code`}
              name="card-code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                if (event.target.value.trim()) setEmpty(false);
                if (add.isError || add.isSuccess) add.reset();
              }}
              aria-invalid={empty || add.isError || undefined}
              aria-describedby={`${id}-hint${empty || addError ? ` ${id}-error` : ''}`}
            />
            {empty || addError ? (
              <p className="me-field-error" id={`${id}-error`} role="alert">
                {empty ? t('cards.codeEmpty') : addError}
              </p>
            ) : null}
          </div>
          <Button type="submit" busy={add.isPending} data-testid="add-card-submit">
            {add.isPending ? t('cards.adding') : t('cards.add')}
          </Button>
        </form>
      </Section>
    </div>
  );
}
