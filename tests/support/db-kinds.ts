import { postgresAvailable, type DbKind } from './test-db';

/** The database kinds a suite runs on: PGlite always, the PostgreSQL server when it answers. */
export const dbKinds: DbKind[] = (await postgresAvailable()) ? ['pglite', 'postgres'] : ['pglite'];
