import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../shared/components/Alert';
import { Spinner } from '../../shared/components/Spinner';
import { VerifyPhoneCard } from '../auth';
import { PaymentStatusCard } from '../payments';
import type { ChecklistData } from './checklist';
import { OnboardingChecklist } from './OnboardingChecklist';

export function StatCard({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div className="stat-card">
      <div className="stat-value">{value}</div>
      <div className="stat-label">{label}</div>
      {hint && <div className="hint">{hint}</div>}
    </div>
  );
}

export function QuickLinks({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <section className="card" aria-label={title}>
      <h2>{title}</h2>
      <ul className="quick-links">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="quick-link">
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The warning both dashboards show before the profile exists: a text and the link to the onboarding. */
export function CompleteProfileAlert({ text, link, to }: { text: string; link: string; to: string }) {
  return (
    <Alert tone="warning">
      {text} <Link to={to}>{link}</Link>
    </Alert>
  );
}

/**
 * The status block under the heading: the phone verification card, the onboarding checklist (while not
 * done; its place kept while it loads), then the payment setup card beside the role's figures.
 */
export function DashboardStatus({
  userType,
  checklist,
  children,
}: {
  userType: 'chef' | 'restaurant';
  checklist: ChecklistData | null;
  children: ReactNode;
}) {
  return (
    <>
      <VerifyPhoneCard />
      <OnboardingChecklist data={checklist} />
      <div className="grid-2">
        <PaymentStatusCard userType={userType} />
        <div className="stats">{children}</div>
      </div>
    </>
  );
}

/**
 * A dashboard card listing a few items with a View all link: a spinner while loading, the load error (when the
 * list can fail on its own), the empty text, else one row per item.
 */
export function ListCard<T>({
  id,
  title,
  viewAll,
  loading,
  failed,
  empty,
  items,
  children,
}: {
  id: string;
  title: string;
  viewAll: string;
  loading: boolean;
  failed?: boolean;
  empty: ReactNode;
  items: T[];
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <section className="card" aria-labelledby={id}>
      <div className="card-head">
        <h2 id={id}>{title}</h2>
        <Link to={viewAll}>{t('viewAll')}</Link>
      </div>
      {loading ? (
        <Spinner />
      ) : failed ? (
        <Alert>{t('loadFailed')}</Alert>
      ) : items.length === 0 ? (
        <p className="empty muted">{empty}</p>
      ) : (
        <ul className="list">{items.map(children)}</ul>
      )}
    </section>
  );
}

/** A shift's position as a list title, tagged when urgent. */
export function PositionTitle({ title, urgent }: { title: string; urgent?: boolean }) {
  const { t: tc } = useTranslation('catalog');
  return (
    <div className="list-title">
      {tc(`positions.${title}`, { defaultValue: title })}
      {urgent && <span className="tag tag-urgent">{tc('priority.urgent')}</span>}
    </div>
  );
}
