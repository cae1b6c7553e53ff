import { AppError } from '@brigade/kit';
import { credentialNames, type CredentialType, type Language } from '@brigade/contracts';

// Issue 39: the refusal of a shift that requires credentials the chef has no verified, unexpired one of, in the
// words of whoever is refused: the chef (apply, book, take an offer, stand by: where to add them) or the
// restaurant offering the shift to such a chef. `missing` names the types, in the list's order.

export function credentialRequired(
  missing: CredentialType[],
  language: Language,
  side: 'chef' | 'restaurant',
): AppError {
  const names = credentialNames(missing, language);
  const es = language === 'es';
  const text =
    side === 'chef'
      ? es
        ? `Este turno requiere credenciales verificadas que aún no tienes: ${names}. Agrégalas en tu página de Credenciales.`
        : `This shift requires verified credentials you do not have yet: ${names}. Add them on your Credentials page.`
      : es
        ? `Este chef no tiene verificada una credencial que este turno requiere: ${names}.`
        : `This chef has no verified credential this shift requires: ${names}.`;
  return new AppError(403, 'JOBS.CREDENTIAL_REQUIRED', text, {
    missing,
    ...(side === 'chef' ? { add_url: '/credentials' } : {}),
  });
}
