import { formatCents } from '../format';

/** One total at the head of a money page (paid out, net charged, owed...): its figure over its name. */
export function TotalCard({
  label,
  cents,
  testId,
  hint,
}: {
  label: string;
  cents: number;
  testId?: string;
  hint?: string;
}) {
  return (
    <div className="stat-card">
      <div className="stat-value" data-testid={testId}>
        {formatCents(cents)}
      </div>
      <div className="stat-label">{label}</div>
      {hint && <div className="muted">{hint}</div>}
    </div>
  );
}
