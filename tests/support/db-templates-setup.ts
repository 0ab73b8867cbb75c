import { ensurePgliteTemplate, ensurePostgresTemplate, TEMPLATES_ON } from './db-templates';
import { postgresAnswers } from './required-services';

/** Vitest globalSetup: the migrated templates every test file's fresh database is copied from (decision 164). */
export default async function buildTemplates(): Promise<void> {
  if (!TEMPLATES_ON) return;
  await Promise.all([ensurePgliteTemplate(), (await postgresAnswers()) ? ensurePostgresTemplate() : undefined]);
}
