import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database (PGlite) belongs to one process at a time. A running app writes its pid to
 * $DATA_DIR/tress.pid, so db:backup / db:restore can refuse to copy a database that is being written.
 */
export const pidFilePath = (dataDir: string) => path.join(dataDir, 'tress.pid');

/** The pid of a live app using this data dir, or null (a stale file from a crash does not count). */
export function runningAppPid(dataDir: string): number | null {
  const file = pidFilePath(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** Claims the data dir for this process; the returned function releases it (on shutdown). */
export function claimPidFile(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = pidFilePath(dataDir);
  writeFileSync(file, String(process.pid));
  return () => {
    if (existsSync(file) && readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
  };
}
