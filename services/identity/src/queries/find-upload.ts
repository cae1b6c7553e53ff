import { findUpload as findUploadRow } from '../db/uploads.repository';
import type { IdentityContext } from '../context';

/** A public image (logo, profile photo) by id, with its detected type; undefined when there is none. */
export async function findUpload(ctx: IdentityContext, id: string) {
  return findUploadRow(ctx.database.db, id);
}
