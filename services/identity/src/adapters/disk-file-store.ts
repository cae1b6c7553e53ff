import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore, StoredFile } from './file-store';

/**
 * Credentials' files on disk under `dir` (CREDENTIAL_FILES_DIR: `.data/credential-files` beside the embedded
 * database by default), one file per key, written whole then renamed so a reader never sees half of one. Read
 * through identity's `GET /credential-files/{token}`, the token signed by `sign` (HMAC, CREDENTIAL_FILE_URL_SECONDS).
 */
export class DiskFileStore implements FileStore {
  readonly kind = 'disk' as const;

  constructor(
    private readonly dir: string,
    private readonly sign: (credentialId: string, endsAt: Date) => string,
  ) {}

  private pathOf(key: string): string {
    const full = path.resolve(this.dir, key);
    // keys are made by identity (credentials/<uuid>/<uuid>.<ext>); never outside the folder
    if (!full.startsWith(path.resolve(this.dir) + path.sep)) throw new Error(`bad file key ${key}`);
    return full;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, bytes, { mode: 0o600 });
    await rename(partial, file);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async signedUrl(file: StoredFile, { now, seconds }: { now: Date; seconds: number }): Promise<string> {
    const endsAt = new Date(now.getTime() + seconds * 1000);
    return `/api/credential-files/${this.sign(file.credentialId, endsAt)}`;
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }
}
