import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field } from './Field';

/**
 * A labelled input whose value is text (an email, a name, a date, a time, a number typed as text): the `Field`
 * with its `<input>`, the other input attributes passed through.
 */
export function TextField({
  label,
  hint,
  error,
  value,
  onChange,
  ...input
}: {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  value: string | number;
  onChange: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(p) => <input {...p} {...input} value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}
