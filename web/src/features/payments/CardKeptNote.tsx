import { useTranslation } from 'react-i18next';

/**
 * Issue 34, said before paying on every escrow pay screen (Post Shift, pay for a shift): payments keeps the card
 * that pays the escrow (`card_kept_for_extra_hours`) to charge the extra hours the restaurant approves.
 */
export function CardKeptNote() {
  const { t } = useTranslation('payments');
  return (
    <p className="hint" data-testid="card-kept-note">
      {t('pay.cardKept')}
    </p>
  );
}
