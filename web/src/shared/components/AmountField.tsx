import type { ComponentProps } from 'react';
import { TextField } from './TextField';

/** A bound on money in a search filter (a lowest rate, a highest rate, a lowest flat fee): dollars from 0. */
export function AmountField(field: Omit<ComponentProps<typeof TextField>, 'type' | 'inputMode' | 'min'>) {
  return <TextField {...field} type="number" inputMode="decimal" min={0} />;
}
