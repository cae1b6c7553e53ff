import type { ReactNode } from 'react';

/**
 * A plain button that starts an action (often a request): disabled while `busy`, and the promise `onClick`
 * returns is left to the action (its errors show where the action shows them).
 */
export function ActionButton({
  className,
  busy,
  onClick,
  children,
}: {
  className: string;
  busy: boolean;
  onClick: () => unknown;
  children: ReactNode;
}) {
  return (
    <button type="button" className={className} disabled={busy} onClick={() => void onClick()}>
      {children}
    </button>
  );
}
