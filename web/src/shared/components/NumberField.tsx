import type { ReactNode } from 'react';
import { Field } from './Field';

/** A whole number from `min` to `max` (minutes of a break, of running late, worked), typed on a phone's keypad. */
export function NumberField({
  label,
  hint,
  error,
  value,
  onChange,
  min,
  max,
}: {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  value: string;
  onChange: (value: string) => void;
  min: number;
  max: number;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(p) => (
        <input
          {...p}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** A whole number typed in a field, or null when it is not one from `min` to `max` (an empty field is null). */
export function wholeNumber(text: string, min: number, max: number): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
}
