import { inTransaction, type Executor } from '@brigade/kit';
import type { EventEnvelope } from '@brigade/contracts';
import type { PaymentsContext } from '../context';
import { anomalyRecorded, insertAnomaly } from '../db/anomalies.repository';
import type { Anomaly, MoneySource } from '../domain/anomaly';
import type { DecisionRefused } from '../domain/decision';

/** What recording a money fact came to: written now, already written, or refused as an anomaly. */
export type RecordOutcome = 'recorded' | 'duplicate' | 'anomaly';

/**
 * Refuse a money fact that does not match payments' records or the provider: logged at warn and kept (in the
 * caller's transaction) for operators; nothing else changes.
 */
export async function reportAnomaly(
  ctx: PaymentsContext,
  tx: Executor,
  source: MoneySource,
  anomaly: Anomaly,
): Promise<'anomaly'> {
  ctx.logger.warn(
    { ...source, reason: anomaly.reason, object: anomaly.objectId, job: anomaly.jobId, ...anomaly.details },
    'money fact refused: it does not match our records or the provider',
  );
  await insertAnomaly(ctx.database, tx, source, anomaly);
  return 'anomaly';
}

/**
 * A money decision refused (its event is dead-lettered, its handler's transaction rolled back): the anomaly is
 * written in a transaction of its own, once per event, so operators and `npm run ledger:check` see it.
 */
export async function recordRefusedDecision(
  ctx: PaymentsContext,
  event: EventEnvelope<unknown>,
  refused: DecisionRefused,
): Promise<void> {
  ctx.logger.error(
    { event: event.id, type: event.type, job: refused.jobId, problems: refused.problems },
    'money decision refused: its figures contradict our records; nothing moved, the event is dead-lettered',
  );
  await inTransaction(ctx, async (tx) => {
    if (await anomalyRecorded(ctx.database, tx, event.id, 'decision_mismatch')) return;
    await reportAnomaly(
      ctx,
      tx,
      { via: 'event', event_id: event.id, event_type: event.type },
      {
        reason: 'decision_mismatch',
        objectId: null,
        jobId: refused.jobId,
        details: { problems: refused.problems, ...refused.figures },
      },
    );
  });
}
