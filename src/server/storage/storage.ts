/**
 * Object storage behind one interface: a local folder by default ($DATA_DIR/storage), an
 * S3-compatible bucket when S3_* is set. Keys are relative paths like `creations/{uid}/{id}.png`.
 */
interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when the object does not exist. */
  get(key: string): Promise<StoredObject | null>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[a-zA-Z0-9][a-zA-Z0-9._-]*(\/[a-zA-Z0-9][a-zA-Z0-9._-]*)*$/;

/** Keys are built by the server, never taken from a request as-is; this guards traversal regardless. */
export function assertSafeKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((p) => p === '..' || p === '.') || key.length > 512) throw new Error(`Unsafe storage key: ${key}`);
  return key;
}
