/**
 * `npm run db:restore -- FILE [--force]`: restores a backup made by db:backup.
 *  - embedded: into $DATA_DIR (the app must be stopped); an existing database is refused unless
 *    --force, which keeps it aside as db.replaced-<time>.
 *  - PostgreSQL (DATABASE_URL): `pg_restore --clean --if-exists` into that database (normally a new, empty one).
 */
import { loadEnv } from '../env';
import { BackupError, restoreEmbedded, restorePostgres } from '../ops/backup';

async function main(argv: string[]): Promise<number> {
  const file = argv.find((a) => !a.startsWith('--'));
  if (!file || argv.includes('--help')) {
    console.error('Usage: npm run db:restore -- FILE [--force]');
    return 2;
  }
  const env = loadEnv({ LOG_LEVEL: 'warn', ...process.env });
  if (env.DATABASE_URL) {
    await restorePostgres(env.DATABASE_URL, file);
    console.log(`Restored ${file} into the PostgreSQL database.`);
    return 0;
  }
  const manifest = await restoreEmbedded(env.dataDir, file, { force: argv.includes('--force') });
  const counts = Object.entries(manifest.counts)
    .map(([t, n]) => `${t} ${n}`)
    .join(', ');
  console.log(`Restored the backup of ${manifest.createdAt} into ${env.dataDir}: ${counts}.`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof BackupError ? err.message : err);
    process.exit(1);
  },
);
