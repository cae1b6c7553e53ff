import { useTranslation } from 'react-i18next';
import { Spinner } from '../../shared/components/Spinner';
import type { CardConfirmer } from './card';
import { CardField } from './CardField';
import type { SavedCard } from './paymentsApi';
import { savedCardLabel } from './savedCard';

/**
 * The card part of a pay screen (Post Shift, pay for a job). With a saved card it offers that card first
 * ("Paying with your saved card, Visa •••• 4242") and keeps "Use another card" one click away; without one (or
 * after that click) it is the card field.
 */
export function CardChoice({
  savedCard,
  loading,
  anotherCard,
  onAnotherCard,
  onReady,
}: {
  savedCard: SavedCard | null;
  loading: boolean;
  anotherCard: boolean;
  onAnotherCard: (another: boolean) => void;
  onReady: (confirmer: CardConfirmer | null) => void;
}) {
  const { t } = useTranslation('payments');
  if (loading) return <Spinner label={t('card.loading')} />;
  return (
    <>
      {savedCard && !anotherCard ? (
        <p className="saved-card" data-testid="saved-card">
          {t('pay.savedCard', { card: savedCardLabel(savedCard) })}
        </p>
      ) : (
        <CardField onReady={onReady} />
      )}
      {savedCard && (
        <button type="button" className="btn btn-ghost btn-small" onClick={() => onAnotherCard(!anotherCard)}>
          {anotherCard ? t('pay.useSaved', { card: savedCardLabel(savedCard) }) : t('pay.useAnother')}
        </button>
      )}
    </>
  );
}
