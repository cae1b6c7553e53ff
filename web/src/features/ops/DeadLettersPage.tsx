import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import { opsApi, type DeadLetterQueue } from './opsApi';
import { Loaded, OpsPage, OpsTable } from './OpsPage';
import { ActionButton } from '../../shared/components/ActionButton';

function QueueCard({ queue }: { queue: DeadLetterQueue }) {
  const { t } = useTranslation('ops');
  const [confirming, setConfirming] = useState(false);
  const [redrive, result] = opsApi.useRedriveMutation();
  const headingId = `queue-${queue.queue.replace(/[^a-z0-9-]/gi, '-')}`;
  const onConfirm = async () => {
    await redrive({ queue: queue.queue });
    setConfirming(false);
  };
  return (
    <section className="card" aria-labelledby={headingId} data-testid="dead-letter-queue">
      <div className="card-head">
        <h2 id={headingId}>{queue.queue}</h2>
        <span className="tag">{t('deadLetters.count', { count: queue.count })}</span>
      </div>
      <p className="hint">{t('deadLetters.service', { service: queue.service })}</p>
      {queue.latest.length > 0 && (
        <OpsTable
          caption={t('deadLetters.latest', { queue: queue.queue })}
          section="deadLetters"
          columns={['type', 'subject', 'error', 'attempts']}
        >
          {queue.latest.map((m, i) => (
            <tr key={m.event_id ?? i}>
              <td>{m.type ?? '?'}</td>
              <td>{m.subject ?? ''}</td>
              <td className="pre-wrap">{m.error}</td>
              <td className="num">{m.attempts}</td>
            </tr>
          ))}
        </OpsTable>
      )}
      {result.data && (
        <Alert tone="success">
          {t('deadLetters.redriven', { count: result.data.redriven, queue: result.data.queue })}
        </Alert>
      )}
      <Alert>{result.error ? errorText(result.error, t('deadLetters.failed')) : null}</Alert>
      {queue.count > 0 &&
        (confirming ? (
          <div className="actions-row">
            <p>{t('deadLetters.confirmText', { count: queue.count, queue: queue.queue })}</p>
            <ActionButton className="btn" busy={result.isLoading} onClick={onConfirm}>
              {t('deadLetters.confirm')}
            </ActionButton>
            <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>
              {t('user.cancel')}
            </button>
          </div>
        ) : (
          <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
            {t('deadLetters.redrive', { queue: queue.queue })}
          </button>
        ))}
    </section>
  );
}

/** /ops/dead-letters: per queue the count and latest dead letters, with Redrive (what npm run redrive does). */
export default function DeadLettersPage() {
  const { t } = useTranslation('ops');
  const query = opsApi.useDeadLettersQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <OpsPage title={t('deadLetters.title')}>
      <Loaded query={query}>
        {({ queues }) =>
          queues.length === 0 ? (
            <p className="muted">{t('deadLetters.none')}</p>
          ) : (
            <>
              {queues.map((q) => (
                <QueueCard key={`${q.service}-${q.queue}`} queue={q} />
              ))}
            </>
          )
        }
      </Loaded>
    </OpsPage>
  );
}
