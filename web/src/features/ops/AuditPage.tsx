import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { opsApi } from './opsApi';
import { formatDateTime, Loaded, OpsPage, OpsTable, TimelineLink } from './OpsPage';

/** /ops/audit: the append-only log of operator actions (who, what, when, why). */
export default function AuditPage() {
  const { t } = useTranslation('ops');
  const query = opsApi.useAuditQuery({ limit: 200 }, { refetchOnMountOrArgChange: true });
  return (
    <OpsPage title={t('audit.title')}>
      <Loaded query={query}>
        {({ entries }) => (
          <OpsTable
            none={entries.length === 0 ? t('audit.none') : null}
            caption={t('audit.title')}
            section="audit"
            columns={['at', 'who', 'what', 'subject', 'why']}
          >
            {[...entries]
              .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
              .map((e) => (
                <tr key={e.id} data-testid="audit-entry">
                  <td>{formatDateTime(e.at)}</td>
                  <td>{e.operator_email}</td>
                  <td>{e.action}</td>
                  <td>
                    {e.job_id ? (
                      <TimelineLink jobId={e.job_id}>
                        {t('audit.job', { id: e.job_id.slice(0, 8) })}
                      </TimelineLink>
                    ) : e.subject_type === 'user' ? (
                      <Link to={`/ops/users/${e.subject_id}`}>
                        {t('audit.user', { id: e.subject_id.slice(0, 8) })}
                      </Link>
                    ) : (
                      e.subject_id
                    )}
                  </td>
                  <td className="pre-wrap">{e.reason ?? ''}</td>
                </tr>
              ))}
          </OpsTable>
        )}
      </Loaded>
    </OpsPage>
  );
}
