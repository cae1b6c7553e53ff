import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, errorStatus, errorText } from '../../shared/api';
import {
  ESCROW_RETRY_FOR_MS,
  ESCROW_RETRY_MS,
  PAYMENT_SETTLE_FOR_MS,
  PAYMENT_SETTLE_POLL_MS,
} from '../../shared/shiftConstants';
import { useAppDispatch } from '../../shared/hooks';
import { jobsApi, awaitingPayment } from '../jobs';
import type { CardConfirmer } from './card';
import { cardErrorText, type CardError } from './cardErrors';
import { serverText } from '../../shared/serverText';
import { paymentsApi } from './paymentsApi';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type PayOutcome =
  /** `cardKept`: the answer said the card is kept to charge extra hours the restaurant approves (issue 34). */
  | { ok: true; open: boolean; cardKept?: boolean }
  | { ok: false; reason: 'card'; card: CardError }
  | { ok: false; reason: 'server'; text: string; code?: string };

/** A card error as the text to show in the active language. */
export function useCardErrorText() {
  const { t } = useTranslation('payments');
  return useCallback(
    (error: CardError | null | undefined) => {
      const text = cardErrorText(error);
      // the provider's own message is English: one of the spec's texts, else ours for other languages
      return 'key' in text ? t(text.key) : serverText(text.text, t('card.errors.generic'));
    },
    [t],
  );
}

/**
 * Pays for a posted job: asks payments for the job's PaymentIntent (retrying while payments has not yet heard
 * of the job), confirms the card with the provider (or, with `confirmer: 'saved'`, payments charges the saved
 * card itself), then waits for the escrow event to open the job.
 */
export function usePayForJob() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('payments');
  return useCallback(
    async ({
      jobId,
      amountCents,
      confirmer,
      email,
    }: {
      jobId: string;
      amountCents: number;
      confirmer: CardConfirmer | 'saved';
      email: string;
    }): Promise<PayOutcome> => {
      const saved = confirmer === 'saved';
      const deadline = Date.now() + ESCROW_RETRY_FOR_MS;
      let clientSecret: string | null = null;
      let held = false;
      let cardKept = false;
      for (;;) {
        const res = await dispatch(
          paymentsApi.endpoints.createEscrowPayment.initiate({
            job_id: jobId,
            amount: amountCents,
            ...(saved ? { use_saved_card: true } : {}),
          }),
        );
        if (res.data) {
          clientSecret = res.data.client_secret;
          held = res.data.payment_status === 'held_in_escrow';
          cardKept = res.data.card_kept_for_extra_hours === true;
          break;
        }
        if (errorStatus(res.error) === 404 && Date.now() < deadline) {
          await sleep(ESCROW_RETRY_MS);
          continue;
        }
        if (saved) dispatch(jobsApi.util.invalidateTags([{ type: 'Jobs', id: jobId }, 'Jobs', 'JobPayment']));
        return {
          ok: false,
          reason: 'server',
          text: errorText(res.error, t('pay.failed')),
          code: errorCode(res.error),
        };
      }
      // With the saved card the server has already paid; otherwise the card field confirms the intent.
      const result = saved || held ? { ok: true as const } : await confirmer.confirm(clientSecret, email);
      if (!result.ok) {
        dispatch(jobsApi.util.invalidateTags([{ type: 'Jobs', id: jobId }, 'Jobs', 'JobPayment']));
        return { ok: false, reason: 'card', card: result.error };
      }
      // The job opens once payments' escrow event reaches jobs.
      const settleBy = Date.now() + PAYMENT_SETTLE_FOR_MS;
      while (Date.now() < settleBy) {
        const job = await dispatch(
          jobsApi.endpoints.job.initiate(jobId, { forceRefetch: true, subscribe: false }),
        );
        const status = job.data?.job.status;
        if (status && !awaitingPayment({ status })) {
          dispatch(jobsApi.util.invalidateTags(['Jobs', 'JobPayment']));
          return { ok: true, open: true, cardKept };
        }
        await sleep(PAYMENT_SETTLE_POLL_MS);
      }
      dispatch(jobsApi.util.invalidateTags(['Jobs', 'JobPayment']));
      return { ok: true, open: false, cardKept };
    },
    [dispatch, t],
  );
}
