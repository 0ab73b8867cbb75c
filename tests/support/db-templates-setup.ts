import { ensurePgliteDataDirTemplate, ensurePostgresTemplate, TEMPLATES_ON } from './db-templates';
import { postgresAnswers } from './required-services';

/** Vitest globalSetup: the migrated templates every test file's fresh database is copied from (decision 164). */
export default async function buildTemplates(): Promise<void> {
  if (!TEMPLATES_ON) return;
  // the data directory on disk is made from the tarball, so after it
  await Promise.all([ensurePgliteDataDirTemplate(), (await postgresAnswers()) ? ensurePostgresTemplate() : undefined]);
}
