import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type Storage } from './storage';

const TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.avif': 'image/avif' };

/** Files under one folder; the content type follows the key's extension (the server chooses both). */
export function createLocalStorage(root: string): Storage {
  const file = (key: string) => path.join(root, assertSafeKey(key));
  return {
    kind: 'local',
    async put(key, body) {
      const f = file(key);
      await mkdir(path.dirname(f), { recursive: true });
      await writeFile(f, body);
    },
    async get(key) {
      try {
        const body = await readFile(file(key));
        return { body, contentType: TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream' };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
  };
}
