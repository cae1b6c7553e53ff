import { eq } from 'drizzle-orm';
import type { Executor } from '@brigade/kit';
import { uploads } from './schema';

/** Store an uploaded image's bytes. */
export async function insertUpload(
  tx: Executor,
  upload: { id: string; ownerId: string; contentType: string; bytes: Buffer },
) {
  await tx.insert(uploads).values(upload);
}

/** An uploaded image by id. */
export async function findUpload(db: Executor, id: string) {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  return row;
}
