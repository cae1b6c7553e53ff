import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

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
