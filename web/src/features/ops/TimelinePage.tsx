import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { opsApi } from './opsApi';
import { formatDateTime, Loaded, OpsPage, OpsTable } from './OpsPage';
import { JobLedger } from './JobLedger';

/**
 * /ops/jobs/:jobId: every state change, payment movement, text and operator action, oldest first; then the job's
 * ledger (every seat of a posting of several, issue 35).
 */
export default function TimelinePage() {
  const { t } = useTranslation('ops');
  const { jobId = '' } = useParams();
  const query = opsApi.useJobTimelineQuery(jobId, { refetchOnMountOrArgChange: true });
  return (
    <OpsPage title={t('timeline.title')}>
      <p className="hint">
        {t('timeline.job', { id: jobId })} ·{' '}
        <Link to={`/ops/disputes/${jobId}`}>{t('timeline.toDispute')}</Link>
      </p>
      <Loaded query={query}>
        {({ entries }) => (
          <OpsTable
            none={entries.length === 0 ? t('timeline.none') : null}
            caption={t('timeline.title')}
            section="timeline"
            columns={['at', 'service', 'kind', 'actor', 'summary']}
          >
            {[...entries]
              .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
              .map((e, i) => (
                <tr
                  key={`${e.at}-${e.type}-${i}`}
                  className={e.kind === 'operator' ? 'row-audit' : undefined}
                  data-testid="timeline-entry"
                >
                  <td>{formatDateTime(e.at)}</td>
                  <td>{e.service}</td>
                  <td>
                    {e.kind === 'operator' ? (
                      <strong className="tag tag-audit">{t('timeline.kinds.operator')}</strong>
                    ) : (
                      t(`timeline.kinds.${e.kind}`)
                    )}
                  </td>
                  <td>
                    {t(`timeline.actors.${e.actor.type}`)}
                    {e.actor.id && <span className="hint"> {e.actor.id.slice(0, 8)}</span>}
                  </td>
                  <td>
                    {e.summary} <span className="hint">({e.type})</span>
                  </td>
                </tr>
              ))}
          </OpsTable>
        )}
      </Loaded>
      <JobLedger jobId={jobId} />
    </OpsPage>
  );
}
