/**
 * Issue 39: where identity keeps credentials' files, behind one port. The embedded default keeps them on disk
 * under the data folder (`DiskFileStore`), read through identity's own route with an HMAC-signed token; with
 * S3_ENDPOINT and S3_BUCKET, an S3-compatible bucket (`S3FileStore`, @aws-sdk/client-s3) read through presigned
 * GETs. Either way a file is never public: only a URL signed for a few minutes reads it, and identity gives
 * those to the credential's chef and to operators only.
 */
export interface FileStore {
  readonly kind: 'disk' | 's3';
  /** Keep the bytes under `key` (a new key per file: never overwritten). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Forget the file (a row that was not written after all); nothing when it is not there. */
  remove(key: string): Promise<void>;
  /** A URL that reads the file for `seconds` from `now` (the browser opens it as it is: inline). */
  signedUrl(file: StoredFile, validity: { now: Date; seconds: number }): Promise<string>;
  /** The bytes (identity's own file route), null when the file is not there. */
  read(key: string): Promise<Buffer | null>;
  /** Let go of connections (the S3 client's sockets) when the service stops. */
  close?(): void;
}

/** A file as the store is asked for it: its key, its type, and the credential it belongs to. */
export interface StoredFile {
  key: string;
  contentType: string;
  credentialId: string;
}
