/**
 * `npm run db:backup [-- --out FILE]`: a consistent backup of this installation.
 *  - embedded (no DATABASE_URL): stop the app first; writes a .tar.gz with PGlite's data-dir dump,
 *    $DATA_DIR/storage and the auth secret (restore with `npm run db:restore -- FILE`).
 *  - PostgreSQL (DATABASE_URL): runs `pg_dump --format=custom` (pg_dump must be on PATH); the app may
 *    keep running. Stored files live in S3 then and are backed up with the bucket's own versioning.
 */
import path from 'node:path';
import { loadProcessEnv } from '../env';
import { backupEmbedded, backupPostgres, countsLine, runBackupCommand } from '../ops/backup';

function option(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help')) {
    console.log('Usage: npm run db:backup [-- --out FILE]');
    return 0;
  }
  const env = loadProcessEnv({ LOG_LEVEL: 'warn' });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  if (env.DATABASE_URL) {
    const out = option(argv, '--out') ?? path.join('backups', `tress-postgres-${stamp}.dump`);
    await backupPostgres(env.DATABASE_URL, out);
    console.log(`PostgreSQL backup written to ${out} (restore: npm run db:restore -- ${out}).`);
    return 0;
  }
  const out = option(argv, '--out') ?? path.join('backups', `tress-embedded-${stamp}.tar.gz`);
  const manifest = await backupEmbedded(env.dataDir, out);
  console.log(`Embedded backup of ${env.dataDir} written to ${out}: ${countsLine(manifest)}; files: ${manifest.files.join(', ') || 'none'}.`);
  return 0;
}

runBackupCommand(main);
