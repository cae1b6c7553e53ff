import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import { ActionButton } from '../../shared/components/ActionButton';
import { Spinner } from '../../shared/components/Spinner';
import { formatDate } from '../../shared/format';
import { blocksApi, type Block } from './blocksApi';

function BlockedItem({ block }: { block: Block }) {
  const { t } = useTranslation('common');
  const [unblock, unblocking] = blocksApi.useUnblockMutation();
  const [error, setError] = useState<string | null>(null);
  const name = block.name ?? t('blocks.unnamed');
  const onUnblock = async () => {
    setError(null);
    const res = await unblock({ kind: block.kind, id: block.profile_id });
    if ('error' in res && res.error) setError(errorText(res.error, t('blocks.unblockFailed')));
  };
  return (
    <li className="list-item">
      <div>
        <p className="list-title">{name}</p>
        <p className="hint">{t('blocks.since', { date: formatDate(block.created_at) })}</p>
        <Alert>{error}</Alert>
      </div>
      <div className="item-actions">
        <ActionButton
          className="btn btn-small btn-secondary"
          busy={unblocking.isLoading}
          onClick={onUnblock}
          label={t('blocks.unblockNamed', { name })}
        >
          {t('blocks.unblock')}
        </ActionButton>
      </div>
    </li>
  );
}

/** Settings' "Blocked": the chefs a restaurant blocked, or the restaurants a chef hid, each with Unblock. */
export function BlockedList({ side }: { side: 'chef' | 'restaurant' }) {
  const { t } = useTranslation('common');
  const blocks = blocksApi.useBlocksQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <section aria-labelledby="blocked-title">
      <h2 id="blocked-title">{t('blocks.title')}</h2>
      <p className="hint">{side === 'restaurant' ? t('blocks.introRestaurant') : t('blocks.introChef')}</p>
      {blocks.isLoading ? (
        <Spinner />
      ) : blocks.isError ? (
        <Alert>{errorText(blocks.error, t('blocks.loadFailed'))}</Alert>
      ) : (blocks.data?.blocks ?? []).length === 0 ? (
        <p className="muted">{t('blocks.none')}</p>
      ) : (
        <ul className="list">
          {blocks.data!.blocks.map((b) => (
            <BlockedItem key={`${b.kind}:${b.user_id}`} block={b} />
          ))}
        </ul>
      )}
    </section>
  );
}
