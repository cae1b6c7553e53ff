import type { ReactNode } from 'react';

type Tone = 'error' | 'success' | 'info' | 'warning';

/** Errors are announced (role=alert); other notices politely (role=status). */
export function Alert({ tone = 'error', children }: { tone?: Tone; children: ReactNode }) {
  if (!children) return null;
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
