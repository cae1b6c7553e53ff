import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FileStore, StoredFile } from './file-store';

export interface S3Settings {
  endpoint: string;
  /** the address browsers reach the store at, when it differs (a container's name inside, localhost outside) */
  publicEndpoint?: string;
  bucket: string;
  region: string;
  /** S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY; absent: the SDK's own chain (AWS_ACCESS_KEY_ID, a profile, a role) */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  timeoutMs: number;
}

/**
 * Credentials' files in an S3-compatible bucket through @aws-sdk/client-s3 (path-style addressing, as MinIO,
 * s3rver and most self-hosted stores want). A file is read through a presigned GET that lasts until `endsAt`,
 * signed for the public endpoint at the service's clock, with its type and `inline` so the browser shows it.
 */
export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly signer: S3Client;

  constructor(private readonly settings: S3Settings) {
    const common: S3ClientConfig = {
      region: settings.region,
      forcePathStyle: true,
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      maxAttempts: 2,
      // plain PUTs with a Content-MD5-free body: what every S3-compatible store takes (the SDK's default
      // checksums and aws-chunked uploads are not understood by all of them)
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { requestTimeout: settings.timeoutMs, connectionTimeout: settings.timeoutMs },
    };
    this.client = new S3Client({ ...common, endpoint: settings.endpoint });
    this.signer = settings.publicEndpoint
      ? new S3Client({ ...common, endpoint: settings.publicEndpoint })
      : this.client;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: bytes, ContentType: contentType }),
    );
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async signedUrl(file: StoredFile, { now, seconds }: { now: Date; seconds: number }): Promise<string> {
    return getSignedUrl(
      this.signer,
      new GetObjectCommand({
        Bucket: this.settings.bucket,
        Key: file.key,
        ResponseContentType: file.contentType,
        ResponseContentDisposition: 'inline',
      }),
      { expiresIn: seconds, signingDate: now },
    );
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
    } catch (err) {
      if (err instanceof NoSuchKey) return null;
      throw err;
    }
  }

  close() {
    this.client.destroy();
    if (this.signer !== this.client) this.signer.destroy();
  }
}
