import { postgresAvailable, type DbKind } from './test-db';

const serverUp = await postgresAvailable();

/**
 * Both databases, for the files whose behaviour can differ between them (decision 208): concurrency and locks,
 * constraints, LISTEN/NOTIFY, the job queue and outboxes, the seeds `npm start` runs, SQL aggregates and
 * backups. PGlite always; the PostgreSQL server when it answers.
 */
export const dbKinds: DbKind[] = serverUp ? ['pglite', 'postgres'] : ['pglite'];

/**
 * One database, for the files that test what a route does above it (validation, authorisation, limits, routing,
 * messages): the PostgreSQL server when it answers, else PGlite. The end-to-end stories run every page on PGlite,
 * the database `npm start` uses. TEST_DB_KINDS=both runs these files on both too (decision 208).
 */
export const routeDbKinds: DbKind[] = process.env.TEST_DB_KINDS === 'both' || !serverUp ? dbKinds : ['postgres'];
