import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/hooks';
import { asMember } from '../auth';
import {
  checklistView,
  dismissChecklist,
  EMPTY_CHECKLIST_DATA,
  isChecklistDismissed,
  rememberChecklistShown,
  resetDismissalIfNew,
  startsOver,
  wasChecklistShown,
  type ChecklistData,
} from './checklist';

/**
 * The dashboard's onboarding checklist. While its data loads (`data` null) it keeps its place: the same card with
 * its items as a new account sees them, marked busy, so what is below it does not move when the data lands (issue
 * 32). It keeps no place for an account it did not show to last time (dismissed, or done).
 */
export function OnboardingChecklist({ data }: { data: ChecklistData | null }) {
  const { t } = useTranslation('dashboard');
  const { user, profile } = useAuth();
  const userId = user?.id ?? '';
  const userType = asMember(user?.user_type ?? 'chef');
  const loading = data === null;
  const [dismissed, setDismissed] = useState(() => isChecklistDismissed(userId));
  // Loaded data (or another account) re-reads the dismissal, set while rendering (state that follows props);
  // a new account starts over: not dismissed, and the effect forgets the stored dismissal.
  const [readFor, setReadFor] = useState<unknown[] | null>(null);
  const inputs = [userId, profile, data, userType];
  if (data && (!readFor || inputs.some((v, i) => v !== readFor[i]))) {
    setReadFor(inputs);
    setDismissed(startsOver(!!profile, data, userType) ? false : isChecklistDismissed(userId));
  }
  useEffect(() => {
    if (data) resetDismissalIfNew(userId, !!profile, data, userType);
  }, [userId, profile, data, userType]);

  const view = checklistView(userType, data ?? EMPTY_CHECKLIST_DATA, dismissed);
  useEffect(() => {
    if (!loading) rememberChecklistShown(userId, view.visible);
  }, [loading, userId, view.visible]);
  if (loading ? dismissed || !wasChecklistShown(userId) : !view.visible) return null;
  return (
    <section
      className={view.congratulate ? 'card checklist checklist-congrats' : 'card checklist'}
      aria-labelledby="checklist-title"
      aria-busy={loading || undefined}
      data-testid="onboarding-checklist"
    >
      <div className="card-head">
        <h2 id="checklist-title">
          {view.congratulate ? t('checklist.congratsTitle') : t('checklist.title')}
        </h2>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          onClick={() => {
            dismissChecklist(userId);
            setDismissed(true);
          }}
        >
          {t('checklist.dismiss')}
        </button>
      </div>
      <p className="muted">
        {view.congratulate
          ? t('checklist.congratsText')
          : t('checklist.progress', { done: view.doneCount, total: view.items.length })}
      </p>
      <ul className="checklist-items">
        {view.items.map((item) => (
          <li key={item.key} className={item.done ? 'done' : ''}>
            <span className="check" aria-hidden="true">
              {item.done ? '✓' : '○'}
            </span>
            {item.done ? (
              <span>
                {t(`checklist.items.${item.label}`)}{' '}
                <span className="visually-hidden">{t('checklist.doneLabel')}</span>
              </span>
            ) : (
              <Link to={item.to}>{t(`checklist.items.${item.label}`)}</Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
