import { randomUUID } from 'node:crypto';
import { and, desc, eq, ilike, like, ne, or } from 'drizzle-orm';
import type { Executor } from '@brigade/kit';
import { users, type UserRow } from './schema';

export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<Omit<NewUser, 'id'>>;

/** A user by id. */
export async function findUser(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** A user by email. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** The chef or restaurant that verified this phone (E.164): at most one (ADR 9). */
export async function findMemberByVerifiedPhone(db: Executor, phone: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.phoneVerified, true), ne(users.userType, 'operator')))
    .limit(1);
  return row;
}

/** A user by id, its row locked until the transaction ends (`share`: against a change, not a reader). */
export async function lockUser(
  tx: Executor,
  userId: string,
  mode: 'update' | 'share',
): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for(mode);
  return row;
}

/** Create a user unless its email is taken (then undefined). */
export async function insertUser(tx: Executor, user: NewUser): Promise<UserRow | undefined> {
  const [row] = await tx.insert(users).values(user).onConflictDoNothing({ target: users.email }).returning();
  return row;
}

/**
 * A new operator account (undefined when the email is taken): no phone, as an operator signs in by email and
 * password, and English until they choose.
 */
export async function insertOperatorUser(
  tx: Executor,
  email: string,
  account: Omit<NewUser, 'id' | 'email' | 'phone' | 'userType' | 'languagePreference' | 'phoneVerified'>,
): Promise<UserRow | undefined> {
  return insertUser(tx, {
    id: randomUUID(),
    email,
    phone: '',
    userType: 'operator',
    languagePreference: 'en',
    phoneVerified: true,
    ...account,
  });
}

/** Change a user; undefined when there is no such user. */
export async function updateUser(
  tx: Executor,
  userId: string,
  changes: UserChanges,
): Promise<UserRow | undefined> {
  const [row] = await tx.update(users).set(changes).where(eq(users.id, userId)).returning();
  return row;
}

/** Change the user of this email; undefined when there is none. */
export async function updateUserByEmail(
  tx: Executor,
  email: string,
  changes: UserChanges,
): Promise<UserRow | undefined> {
  const [row] = await tx.update(users).set(changes).where(eq(users.email, email)).returning();
  return row;
}

/** Mark the user's phone verified, if it is still this phone and not yet verified; else undefined. */
export async function markPhoneVerified(tx: Executor, userId: string, phone: string) {
  const [row] = await tx
    .update(users)
    .set({ phoneVerified: true, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.phone, phone), eq(users.phoneVerified, false)))
    .returning();
  return row;
}

/** The Stripe connected-account id kept on the user (null without one). */
export async function stripeAccountOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ stripe: users.stripeAccountId }).from(users).where(eq(users.id, userId));
  return row?.stripe ?? null;
}

/** Keep the Stripe connected-account id on the user. */
export async function setStripeAccount(tx: Executor, userId: string, accountId: string) {
  await tx.update(users).set({ stripeAccountId: accountId }).where(eq(users.id, userId));
}

/**
 * Users whose email matches the ILIKE pattern `emailPattern`, or whose phone matches the LIKE pattern
 * `phonePattern` when one is given; newest first, at most `limit`.
 */
export async function searchUserRows(
  db: Executor,
  emailPattern: string,
  phonePattern: string | undefined,
  limit: number,
): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(or(ilike(users.email, emailPattern), phonePattern ? like(users.phone, phonePattern) : undefined))
    .orderBy(desc(users.createdAt), users.id)
    .limit(limit);
}
