import type { Executor } from '@brigade/kit';
import type { PaymentsContext } from '../context';
import { insertAnomaly } from '../db/anomalies.repository';
import type { Anomaly, MoneySource } from '../domain/anomaly';

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
