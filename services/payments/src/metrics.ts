import { gaugeFromSource } from '@brigade/kit';
import type { PaymentsContext } from './context';
import { anomalyCounts } from './db/anomalies.repository';
import { ANOMALY_REASONS } from './domain/anomaly';
import { findStuckMoney } from './queries/report-stuck-money';

/**
 * Payments' own gauges, read on each scrape (served only with METRICS_PORT): the stuck-money report's count,
 * the number a platform team pages on (it must stay 0), and the money facts payments refused (anomalies). Both
 * carry `service="payments"`, as every figure does where one process runs every service (`npm start`).
 */
export function registerPaymentsMetrics(ctx: Pick<PaymentsContext, 'database' | 'config' | 'now'>): void {
  gaugeFromSource(
    {
      name: 'brigade_escrow_overdue_jobs',
      help: "Jobs whose money is still held more than STUCK_MONEY_AFTER past its rule's deadline (ledger:check's stuck money)",
      labelNames: ['service'],
    },
    'payments',
    async () => [
      {
        labels: { service: 'payments' },
        value: (await findStuckMoney(ctx.database, ctx.config.policy, ctx.now())).stuck.length,
      },
    ],
  );
  gaugeFromSource(
    {
      name: 'brigade_payment_anomalies',
      help: 'Money facts payments refused (a webhook, a provider answer or an event that contradicts its records), all time, by reason',
      labelNames: ['service', 'reason'],
    },
    'payments',
    async () => {
      // every reason from 0, so that an alert on an increase sees the first one
      const counts = new Map<string, number>(ANOMALY_REASONS.map((reason) => [reason, 0]));
      for (const a of await anomalyCounts(ctx.database))
        counts.set(a.reason, (counts.get(a.reason) ?? 0) + a.n);
      return [...counts].map(([reason, value]) => ({ labels: { service: 'payments', reason }, value }));
    },
  );
}
