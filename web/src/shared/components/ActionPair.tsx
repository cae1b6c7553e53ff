/**
 * The two buttons of a step: the action (a submit button when it has no `onClick`; its busy label while it runs)
 * and the way back (or the other choice).
 */
export function ActionPair({
  label,
  busyLabel,
  busy = false,
  onClick,
  danger = false,
  disabled = false,
  other,
  onOther,
}: {
  label: string;
  busyLabel?: string;
  busy?: boolean;
  onClick?: () => void;
  danger?: boolean;
  disabled?: boolean;
  other: string;
  onOther: () => void;
}) {
  return (
    <div className="actions-row">
      <button
        type={onClick ? 'button' : 'submit'}
        className={danger ? 'btn btn-danger' : 'btn'}
        disabled={busy || disabled}
        onClick={onClick}
      >
        {busy && busyLabel ? busyLabel : label}
      </button>
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={onOther}>
        {other}
      </button>
    </div>
  );
}
