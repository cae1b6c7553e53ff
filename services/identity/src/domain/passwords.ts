import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes.
export async function hashPassword(password: string, memoryCost = 19_456): Promise<string> {
  return hash(password, { memoryCost, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/** Spend the same time for an unknown email as for a wrong password, so timing does not reveal accounts. */
export async function burnPasswordCheck(password: string, memoryCost?: number): Promise<void> {
  dummy ??= hashPassword('not-a-real-password-0000', memoryCost);
  await verifyPassword(await dummy, password);
}
