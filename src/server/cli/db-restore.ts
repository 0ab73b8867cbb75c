/**
 * `npm run db:restore -- FILE [--force]`: restores a backup made by db:backup.
 *  - embedded: into $DATA_DIR (the app must be stopped); an existing database is refused unless
 *    --force, which keeps it aside as db.replaced-<time>.
 *  - PostgreSQL (DATABASE_URL): `pg_restore --clean --if-exists` into that database (normally a new, empty one).
 */
import { loadProcessEnv } from '../env';
import { countsLine, restoreEmbedded, restorePostgres, runBackupCommand } from '../ops/backup';

async function main(argv: string[]): Promise<number> {
  const file = argv.find((a) => !a.startsWith('--'));
  if (!file || argv.includes('--help')) {
    console.error('Usage: npm run db:restore -- FILE [--force]');
    return 2;
  }
  const env = loadProcessEnv({ LOG_LEVEL: 'warn' });
  if (env.DATABASE_URL) {
    await restorePostgres(env.DATABASE_URL, file);
    console.log(`Restored ${file} into the PostgreSQL database.`);
    return 0;
  }
  const manifest = await restoreEmbedded(env.dataDir, file, { force: argv.includes('--force') });
  console.log(`Restored the backup of ${manifest.createdAt} into ${env.dataDir}: ${countsLine(manifest)}.`);
  return 0;
}

runBackupCommand(main);
