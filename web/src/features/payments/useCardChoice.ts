import { useState } from 'react';
import type { CardConfirmer } from './card';
import { paymentsApi } from './paymentsApi';

/**
 * A pay screen's card (Post Shift, pay for a job): the saved card offered first, "Use another card", and the
 * card field's confirmer once it is ready. `confirmer` is what pays: 'saved', the card field, or null while
 * nothing can pay yet. `props` go to <CardChoice />.
 */
export function useCardChoice() {
  const saved = paymentsApi.useSavedCardQuery();
  const savedCard = saved.data?.card ?? null;
  const [anotherCard, setAnotherCard] = useState(false);
  const [fieldConfirmer, setFieldConfirmer] = useState<CardConfirmer | null>(null);
  const withSaved = !!savedCard && !anotherCard;
  return {
    savedCard,
    loading: saved.isLoading,
    withSaved,
    confirmer: withSaved ? ('saved' as const) : fieldConfirmer,
    /** The bank wants the restaurant present (3-D Secure): pay by entering the card. */
    chooseAnotherCard: () => setAnotherCard(true),
    props: {
      savedCard,
      loading: saved.isLoading,
      anotherCard,
      onAnotherCard: setAnotherCard,
      onReady: setFieldConfirmer,
    },
  };
}
