import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { paymentSetupPath } from '../../shared/constants';
import { Alert } from '../../shared/components/Alert';
import { Spinner } from '../../shared/components/Spinner';
import type { CardConfirmer } from './card';
import { CardField } from './CardField';
import { paymentsApi } from './paymentsApi';
import { savedCardExpiry, savedCardLabel } from './savedCard';
import { useCardErrorText } from './usePayForJob';
import { ActionButton } from '../../shared/components/ActionButton';

/**
 * A restaurant's saved card on Payment Setup: brand •••• last 4 and expiry, Remove, or add (replace) one with the
 * card field. Saving is Stripe's SetupIntent: payments makes it for the restaurant's Customer, the card field
 * confirms it with the card, then payments records the card as the provider describes it.
 */
export function SavedCardPanel() {
  const { t } = useTranslation('payments');
  const saved = paymentsApi.useSavedCardQuery();
  const [setup] = paymentsApi.useSetupSavedCardMutation();
  const [confirmSaved] = paymentsApi.useConfirmSavedCardMutation();
  const [remove] = paymentsApi.useRemoveSavedCardMutation();
  const [adding, setAdding] = useState(false);
  const [confirmer, setConfirmer] = useState<CardConfirmer | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const cardText = useCardErrorText();
  const card = saved.data?.card ?? null;

  const onSave = async () => {
    setError(null);
    setNotice(null);
    if (!confirmer) {
      setError(cardText({ code: 'not_loaded' }));
      return;
    }
    setBusy(true);
    try {
      const intent = await setup();
      if (intent.error || !intent.data) {
        setError(errorText(intent.error, t('savedCard.errors.save')));
        return;
      }
      const result = await confirmer.confirmSetup(intent.data.client_secret);
      if (!result.ok) {
        setError(cardText(result.error));
        return;
      }
      const recorded = await confirmSaved({ setup_intent_id: intent.data.setup_intent_id });
      if (recorded.error) {
        setError(errorText(recorded.error, t('savedCard.errors.save')));
        return;
      }
      setAdding(false);
      setNotice(t('savedCard.saved'));
    } finally {
      setBusy(false);
    }
  };

  const onRemove = async () => {
    setError(null);
    setNotice(null);
    setBusy(true);
    const res = await remove();
    setBusy(false);
    if (res.error) setError(errorText(res.error, t('savedCard.errors.remove')));
    else setNotice(t('savedCard.removed'));
  };

  return (
    <section className="card" aria-labelledby="saved-card-title">
      <h2 id="saved-card-title">{t('savedCard.title')}</h2>
      {saved.isLoading ? (
        <Spinner />
      ) : card ? (
        <p className="saved-card" data-testid="saved-card">
          <strong>{savedCardLabel(card)}</strong>{' '}
          <span className="muted">{t('savedCard.expires', { date: savedCardExpiry(card) })}</span>
        </p>
      ) : (
        <p>{t('savedCard.none')}</p>
      )}
      <p className="muted">{t('savedCard.why')}</p>
      {notice && (
        <p role="status" className="hint">
          {notice}
        </p>
      )}
      {adding ? (
        <>
          <CardField onReady={setConfirmer} />
          <Alert>{error}</Alert>
          <div className="actions-row">
            <button type="button" className="btn" disabled={!confirmer || busy} onClick={() => void onSave()}>
              {busy ? t('savedCard.saving') : t('savedCard.save')}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => {
                setAdding(false);
                setError(null);
              }}
            >
              {t('savedCard.cancel')}
            </button>
          </div>
        </>
      ) : (
        <>
          <Alert>{error}</Alert>
          <div className="actions-row">
            <button
              type="button"
              className="btn"
              onClick={() => {
                setAdding(true);
                setNotice(null);
              }}
            >
              {card ? t('savedCard.replace') : t('savedCard.add')}
            </button>
            {card && (
              <ActionButton className="btn btn-secondary" busy={busy} onClick={onRemove}>
                {t('savedCard.remove')}
              </ActionButton>
            )}
          </div>
        </>
      )}
    </section>
  );
}

/**
 * The restaurant dashboard's payment card: the saved card that pays for shifts, or a prompt to add one. Never a
 * payout account or a tax ID: restaurants only pay. If the card cannot be read the card is not shown (as the
 * spec treats a restaurant whose status fetch fails: set up).
 */
export function SavedCardStatusCard() {
  const { t } = useTranslation('payments');
  const { data, isError, isLoading } = paymentsApi.useSavedCardQuery();
  if (isLoading || isError) return null;
  const card = data?.card ?? null;
  return (
    <section
      className={`card status-card status-${card ? 'success' : 'none'}`}
      aria-labelledby="payment-status-title"
    >
      <h2 id="payment-status-title">{t('savedCard.title')}</h2>
      {card ? (
        <p>{t('savedCard.dashboardReady', { card: savedCardLabel(card) })}</p>
      ) : (
        <p>{t('savedCard.dashboardNone')}</p>
      )}
      <Link to={paymentSetupPath} className={card ? 'btn btn-secondary' : 'btn'}>
        {card ? t('savedCard.manage') : t('savedCard.add')}
      </Link>
    </section>
  );
}
