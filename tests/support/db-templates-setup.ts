import { ensurePgliteTemplate, ensurePostgresTemplate } from './db-templates';
import { postgresAnswers } from './required-services';

/** Vitest globalSetup: the migrated templates every test file's fresh database is copied from (decision 164). */
export default async function buildTemplates(): Promise<void> {
  await Promise.all([ensurePgliteTemplate(), (await postgresAnswers()) ? ensurePostgresTemplate() : undefined]);
}
