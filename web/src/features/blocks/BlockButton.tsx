import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api';
import { Alert } from '../../shared/components/Alert';
import { ActionButton } from '../../shared/components/ActionButton';
import { blocksApi, type BlockTarget } from './blocksApi';

/**
 * Block a chef (a restaurant, from an applicant card or the chef's profile) or hide a restaurant (a chef, from a
 * job page), after a confirm that says what it does. The other side is never told. `onBlocked`: the caller's
 * next step (a hidden restaurant's job page goes back to the openings).
 */
export function BlockButton({
  target,
  name,
  onBlocked,
}: {
  target: BlockTarget;
  name: string;
  onBlocked?: () => void;
}) {
  const { t } = useTranslation('common');
  const [asking, setAsking] = useState(false);
  const [block, blocking] = blocksApi.useBlockMutation();
  const [error, setError] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const textId = useId();
  const chef = target.kind === 'chef';

  const onConfirm = async () => {
    setError(null);
    const res = await block(target);
    if ('error' in res && res.error) {
      setError(errorText(res.error, t('blocks.failed')));
      return;
    }
    setAsking(false);
    onBlocked?.();
  };
  if (blocking.isSuccess && !onBlocked)
    return (
      <p className="hint">{chef ? t('blocks.chefDone', { name }) : t('blocks.restaurantDone', { name })}</p>
    );
  if (!asking)
    return (
      <button ref={opener} type="button" className="btn btn-small btn-ghost" onClick={() => setAsking(true)}>
        {/* whom it blocks, in words (a name read aloud must be the name shown) */}
        {chef ? t('blocks.chefNamed', { name }) : t('blocks.restaurantNamed', { name })}
      </button>
    );
  return (
    <div className="card block-confirm" role="group" aria-labelledby={textId}>
      <p id={textId}>{chef ? t('blocks.chefConfirm', { name }) : t('blocks.restaurantConfirm', { name })}</p>
      <Alert>{error}</Alert>
      <div className="actions-row">
        <ActionButton className="btn btn-small" busy={blocking.isLoading} onClick={onConfirm}>
          {chef ? t('blocks.chefYes') : t('blocks.restaurantYes')}
        </ActionButton>
        <button
          type="button"
          className="btn btn-small btn-secondary"
          onClick={() => {
            setAsking(false);
            opener.current?.focus();
          }}
        >
          {t('blocks.keep')}
        </button>
      </div>
    </div>
  );
}
