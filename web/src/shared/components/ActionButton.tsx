import type { ReactNode } from 'react';

/**
 * A plain button that starts an action (often a request): disabled while `busy`, and the promise `onClick`
 * returns is left to the action (its errors show where the action shows them). `label` is its accessible
 * name where the text alone does not say which row it acts on.
 */
export function ActionButton({
  className,
  busy,
  onClick,
  label,
  children,
}: {
  className: string;
  busy: boolean;
  onClick: () => unknown;
  label?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className}
      disabled={busy}
      onClick={() => void onClick()}
      aria-label={label}
    >
      {children}
    </button>
  );
}
