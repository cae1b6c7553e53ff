import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/hooks';
import { asMember } from '../auth/RequireAuth';
import {
  checklistView,
  dismissChecklist,
  isChecklistDismissed,
  resetDismissalIfNew,
  type ChecklistData,
} from './checklist';

export function OnboardingChecklist({ data }: { data: ChecklistData }) {
  const { t } = useTranslation('dashboard');
  const { user, profile } = useAuth();
  const userId = user?.id ?? '';
  const userType = asMember(user?.user_type ?? 'chef');
  const [dismissed, setDismissed] = useState(() => isChecklistDismissed(userId));
  useEffect(() => {
    resetDismissalIfNew(userId, !!profile, data, userType);
    setDismissed(isChecklistDismissed(userId));
  }, [userId, profile, data, userType]);

  const view = checklistView(userType, data, dismissed);
  if (!view.visible) return null;
  return (
    <section
      className={view.congratulate ? 'card checklist checklist-congrats' : 'card checklist'}
      aria-labelledby="checklist-title"
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
