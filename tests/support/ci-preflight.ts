import { modelPresent, PG_ADMIN_URL, postgresAnswers, REDIS_URL, redisAnswers, servicesRequired } from './required-services';

/**
 * Vitest globalSetup: with CI=true, check every outside service once before any suite starts, and stop
 * the run with one message listing what is missing and how to provide it. Locally it does nothing: suites
 * skip with a warning instead.
 */
export default async function preflight(): Promise<void> {
  if (!servicesRequired) return;
  const missing: string[] = [];
  if (!(await postgresAnswers())) missing.push(`PostgreSQL does not answer at ${PG_ADMIN_URL} (start it, or set TEST_DATABASE_URL)`);
  if (!(await redisAnswers())) missing.push(`Redis does not answer at ${REDIS_URL} (start it, or set TEST_REDIS_URL)`);
  if (!modelPresent()) {
    const p = process.env.HAIR_MODEL_PATH;
    missing.push(
      `${p ? `HAIR_MODEL_PATH=${p} is not a file` : 'HAIR_MODEL_PATH is not set'} (run \`npm run models:fetch\`, or point HAIR_MODEL_PATH at hair_segmentation.tflite)`,
    );
  }
  if (missing.length) throw new Error(`CI=true needs every service the suite uses; missing:\n  - ${missing.join('\n  - ')}`);
}
