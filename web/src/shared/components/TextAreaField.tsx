import type { ReactNode } from 'react';
import { Field } from './Field';

/** A labelled text area (a reason, a statement, a note) of at most `maxLength` characters. */
export function TextAreaField({
  label,
  hint,
  error,
  value,
  onChange,
  maxLength,
  rows = 4,
}: {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  rows?: number;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(p) => (
        <textarea
          {...p}
          rows={rows}
          maxLength={maxLength}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
