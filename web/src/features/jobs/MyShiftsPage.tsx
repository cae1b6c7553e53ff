import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/hooks';
import { ChefShifts } from './shifts/ChefShifts';
import type { Tab } from './shifts/ShiftRow';
import { RestaurantShifts } from './shifts/RestaurantShifts';

/** /my-shifts: the shifts and the applications of either side, with confirm, cancel and checkout actions. */
export default function MyShiftsPage() {
  const { t } = useTranslation('jobs');
  const { user } = useAuth();
  const [tab, setTab] = useState<Tab>('shifts');
  const tabs: Tab[] = ['shifts', 'applications'];
  const restaurant = user?.user_type === 'restaurant';
  return (
    <section className="page">
      <div className="page-head">
        <h1>{restaurant ? t('shifts.titleRestaurant') : t('shifts.titleChef')}</h1>
        {restaurant && (
          <Link to="/jobs/post" className="btn">
            {t('shifts.post')}
          </Link>
        )}
      </div>
      <div className="tabs" role="tablist" aria-label={t('shifts.tabsLabel')}>
        {tabs.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className={tab === id ? 'tab tab-on' : 'tab'}
            onClick={() => setTab(id)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft')
                setTab(id === 'shifts' ? 'applications' : 'shifts');
            }}
          >
            {t(`shifts.tabs.${id}`)}
          </button>
        ))}
      </div>
      <div className="card" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {restaurant ? <RestaurantShifts tab={tab} /> : <ChefShifts tab={tab} />}
      </div>
    </section>
  );
}
