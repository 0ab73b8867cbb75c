import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { isNetworkError, isTransientStatus, withRetry, DEFAULT_RETRY, type RetryPolicy } from './storage-error';
import { assertSafeKey, type Storage } from './storage';

export interface S3StorageConfig {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Optional prefix inside the bucket, so several environments can share one. */
  prefix?: string;
  retry?: RetryPolicy;
}

const statusOf = (err: unknown): number | undefined =>
  err instanceof S3ServiceException ? err.$metadata?.httpStatusCode : (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;

/** Which failures are worth another try: 5xx, 408, 429 and dropped connections (docs/product.md §8 Storage). */
function classify(err: unknown) {
  const status = statusOf(err);
  return { status, transient: isTransientStatus(status) || (status === undefined && isNetworkError(err)) };
}

/**
 * An S3-compatible bucket (AWS, MinIO, R2…) through the official SDK. The SDK's own retries are off
 * (maxAttempts 1) so that the one retry policy, with the spec's error codes, applies everywhere.
 */
export function createS3Storage(config: S3StorageConfig): Storage & { client: S3Client } {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle ?? true,
    maxAttempts: 1,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
  });
  const Bucket = config.bucket;
  const policy = config.retry ?? DEFAULT_RETRY;
  const Key = (key: string) => (config.prefix ? `${config.prefix.replace(/\/+$/, '')}/` : '') + assertSafeKey(key);
  return {
    kind: 's3',
    client,
    async put(key, body, contentType) {
      await withRetry(
        () => client.send(new PutObjectCommand({ Bucket, Key: Key(key), Body: body, ContentType: contentType, ContentLength: body.byteLength })),
        classify,
        policy,
      );
    },
    async get(key) {
      try {
        return await withRetry(
          async () => {
            const res = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
            const bytes = await res.Body!.transformToByteArray();
            return { body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType: res.ContentType ?? 'application/octet-stream' };
          },
          classify,
          policy,
        );
      } catch (err) {
        if ((err as { code?: string }).code === 'storage/object-not-found') return null;
        throw err;
      }
    },
    async delete(key) {
      try {
        await withRetry(() => client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) })), classify, policy);
      } catch (err) {
        if ((err as { code?: string }).code !== 'storage/object-not-found') throw err;
      }
    },
  };
}
