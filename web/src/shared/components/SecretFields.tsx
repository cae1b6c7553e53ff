import type { ComponentProps } from 'react';
import { TextField } from './TextField';

type TextFieldProps = ComponentProps<typeof TextField>;

/**
 * A password input: `current` lets the browser fill the saved password, `new` lets it offer a generated one.
 * The sign-in, sign-up, reset and two-step forms all ask for one this way.
 */
export function PasswordField({
  purpose,
  ...field
}: { purpose: 'current' | 'new' } & Omit<TextFieldProps, 'type' | 'autoComplete'>) {
  return <TextField {...field} type="password" autoComplete={`${purpose}-password`} />;
}

/** A one-time code typed on a numeric keypad, which the phone may fill from the text message it came in. */
export function CodeField(field: Omit<TextFieldProps, 'inputMode' | 'autoComplete'>) {
  return <TextField {...field} inputMode="numeric" autoComplete="one-time-code" />;
}

/** The six-digit code of a text message (phone check, password reset), in the wide code input. */
export function SixDigitCodeField(
  field: Omit<TextFieldProps, 'inputMode' | 'autoComplete' | 'pattern' | 'maxLength'>,
) {
  return <CodeField className="code-input" pattern="\d{6}" maxLength={6} {...field} />;
}
