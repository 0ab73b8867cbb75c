import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StorageError } from './storage-error';
import { assertSafeKey, type Storage } from './storage';

const TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.avif': 'image/avif' };

/** File-system failures in the same storage codes as the S3 adapter (a full disk is a quota). */
function mapFsError(err: unknown): never {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC' || code === 'EDQUOT') throw new StorageError('storage/quota-exceeded', 'Storage is full.', 402, { cause: err });
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
    throw new StorageError('storage/unauthorized', 'Storage refused the write.', 403, { cause: err });
  throw err;
}

/** Files under one folder; the content type follows the key's extension (the server chooses both). */
export function createLocalStorage(root: string): Storage {
  const file = (key: string) => path.join(root, assertSafeKey(key));
  return {
    kind: 'local',
    async put(key, body) {
      const f = file(key);
      try {
        await mkdir(path.dirname(f), { recursive: true });
        await writeFile(f, body);
      } catch (e) {
        mapFsError(e);
      }
    },
    async get(key) {
      try {
        const body = await readFile(file(key));
        return { body, contentType: TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream' };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        mapFsError(e);
      }
    },
    async delete(key) {
      await rm(file(key), { force: true }).catch(mapFsError);
    },
  };
}
