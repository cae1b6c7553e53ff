import { CREDENTIAL_NAMES, type Language } from '@brigade/contracts';
import type { CredentialTemplateName } from './rules';
import type { CredentialFacts, Render, TemplateContext } from './sms-format';

// Issue 39's texts to a chef about a credential, English and Spanish: an operator verified it (the shifts that
// require it are open to them), rejected it or revoked it (with the operator's reason), or it expires within
// CREDENTIAL_EXPIRY_NOTICE (from that day the shifts that require it close to them). Each links to Credentials.

const LOCALE = { en: 'en-US', es: 'es-US' } as const;

/** The credential's name mid-sentence ("your food handler card", "tu tarjeta de manipulador de alimentos"). */
function nameOf(c: TemplateContext, language: Language): string {
  const name = c.credential ? CREDENTIAL_NAMES[language][c.credential.type] : null;
  if (!name) return language === 'es' ? 'credencial' : 'credential';
  return name[0].toLowerCase() + name.slice(1);
}

/** A calendar date as the reader says it (`Jun 30, 2027`, `30 jun 2027`): no zone moves a date. */
function dayOf(credential: CredentialFacts | undefined, language: Language): string {
  if (!credential) return '';
  const day = new Date(`${credential.expires_on}T12:00:00Z`);
  if (Number.isNaN(day.getTime())) return credential.expires_on;
  return new Intl.DateTimeFormat(LOCALE[language], {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  })
    .format(day)
    .replaceAll('.', '');
}

/** Spanish agrees with the name: a tarjeta (food handler) is feminine, a certificado masculine. */
const FEMININE = new Set(['food_handler']);
const g = (c: TemplateContext, feminine: string, masculine: string) =>
  !c.credential || FEMININE.has(c.credential.type) ? feminine : masculine;

/** The operator's reason, quoted at the end of a clause (nothing when there is none). */
const because = (c: TemplateContext) => (c.credential?.reason ? `: ${c.credential.reason}` : '');

export const credentialTextsEn: Record<CredentialTemplateName, Render> = {
  credential_verified_chef: (c) =>
    `Brigade: your ${nameOf(c, 'en')} was verified. Shifts that require it are open to you now: ${c.url}/credentials`,
  credential_rejected_chef: (c) =>
    `Brigade: your ${nameOf(c, 'en')} was not accepted${because(c)}. Add it again with a clear photo or PDF: ${c.url}/credentials`,
  credential_revoked_chef: (c) =>
    `Brigade: your ${nameOf(c, 'en')} is no longer verified${because(c)}. Shifts that require it are closed to you until you add a valid one: ${c.url}/credentials`,
  credential_expiring_chef: (c) =>
    `Brigade: your ${nameOf(c, 'en')} expires on ${dayOf(c.credential, 'en')}. From that day shifts that require it close to you: add the renewed one: ${c.url}/credentials`,
};

export const credentialTextsEs: Record<CredentialTemplateName, Render> = {
  credential_verified_chef: (c) =>
    `Brigade: tu ${nameOf(c, 'es')} fue ${g(c, 'verificada', 'verificado')}. Los turnos que ${g(c, 'la', 'lo')} requieren ya están abiertos para ti: ${c.url}/credentials`,
  credential_rejected_chef: (c) =>
    `Brigade: tu ${nameOf(c, 'es')} no fue ${g(c, 'aceptada', 'aceptado')}${because(c)}. ${g(c, 'Agrégala', 'Agrégalo')} de nuevo con una foto clara o un PDF: ${c.url}/credentials`,
  credential_revoked_chef: (c) =>
    `Brigade: tu ${nameOf(c, 'es')} ya no está ${g(c, 'verificada', 'verificado')}${because(c)}. Los turnos que ${g(c, 'la', 'lo')} requieren están cerrados para ti hasta que agregues ${g(c, 'una válida', 'uno válido')}: ${c.url}/credentials`,
  credential_expiring_chef: (c) =>
    `Brigade: tu ${nameOf(c, 'es')} vence el ${dayOf(c.credential, 'es')}. Desde ese día los turnos que ${g(c, 'la', 'lo')} requieren se cierran para ti: agrega ${g(c, 'la renovada', 'el renovado')}: ${c.url}/credentials`,
};
