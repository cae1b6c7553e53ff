// Phone numbers as people write them (libphonenumber-js): its own module, so the pages that show no phone
// number (the landing page among them) do not load the library.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** "+16125553325" -> "(612) 555-3325"; another country's number in its international form; else as given. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const parsed = parsePhoneNumberFromString(phone, 'US');
  if (!parsed) return phone;
  return parsed.country === 'US' || parsed.countryCallingCode === '1'
    ? parsed.formatNational()
    : parsed.formatInternational();
}
