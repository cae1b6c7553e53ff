import { useTranslation } from 'react-i18next';
import { opsApi } from './opsApi';
import { formatCents, formatDateTime, Loaded, OpsPage, OpsTable, TimelineLink } from './OpsPage';

/** /ops/anomalies: webhook events payments refused, and money past its deadline; each links to its timeline. */
export default function AnomaliesPage() {
  const { t } = useTranslation('ops');
  const query = opsApi.useAnomaliesQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <OpsPage title={t('anomalies.title')}>
      <Loaded query={query}>
        {({ anomalies, stuck }) => (
          <>
            <section aria-labelledby="refused-title">
              <h2 id="refused-title">{t('anomalies.refused')}</h2>
              {
                <OpsTable
                  none={anomalies.length === 0 ? t('anomalies.noneRefused') : null}
                  caption={t('anomalies.refused')}
                  section="anomalies"
                  columns={['at', 'kind', 'summary', 'job']}
                >
                  {anomalies.map((a) => (
                    <tr key={a.id}>
                      <td>{formatDateTime(a.at)}</td>
                      <td>{a.kind}</td>
                      <td>{a.summary}</td>
                      <td>{a.job_id ? <TimelineLink jobId={a.job_id} /> : ''}</td>
                    </tr>
                  ))}
                </OpsTable>
              }
            </section>
            <section aria-labelledby="stuck-title">
              <h2 id="stuck-title">{t('anomalies.stuck')}</h2>
              {
                <OpsTable
                  none={stuck.length === 0 ? t('anomalies.noneStuck') : null}
                  caption={t('anomalies.stuck')}
                  section="anomalies"
                  columns={['job', 'status', 'held', 'rule', 'deadline']}
                >
                  {stuck.map((s) => (
                    <tr key={s.job_id}>
                      <td>
                        <TimelineLink jobId={s.job_id}>{s.job_id.slice(0, 8)}</TimelineLink>
                      </td>
                      <td>{s.payment_status}</td>
                      <td className="num">{formatCents(s.held_cents)}</td>
                      <td>{s.rule}</td>
                      <td>
                        {s.deadline ? formatDateTime(s.deadline) : ''}{' '}
                        <span className="tag tag-overdue">
                          {t('anomalies.overdueBy', { hours: Math.floor(s.overdue_by_ms / 3_600_000) })}
                        </span>
                      </td>
                    </tr>
                  ))}
                </OpsTable>
              }
            </section>
          </>
        )}
      </Loaded>
    </OpsPage>
  );
}
