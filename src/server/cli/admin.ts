/**
 * Team commands: `npm run admin -- verify <email>` gives a partner the Verified badge,
 * `npm run admin -- unverify <email>` takes it away. Uses the same DATA_DIR / DATABASE_URL as the app.
 */
import { loadProcessEnv } from '../env';
import { setVerified } from '../features/partners/set-verified';
import { runningAppPid } from '../ops/pid-file';
import { createServices } from '../services';

const USAGE = 'Usage: npm run admin -- verify <email> | unverify <email>';

async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if ((command !== 'verify' && command !== 'unverify') || !email) {
    console.error(USAGE);
    return 2;
  }
  const env = loadProcessEnv({ LOG_LEVEL: 'warn' });
  const holder = env.DATABASE_URL ? null : runningAppPid(env.dataDir);
  if (holder) {
    console.error(`The app (pid ${holder}) is using ${env.dataDir}. Stop it first: the embedded database allows one process at a time.`);
    return 1;
  }
  const services = await createServices(env);
  try {
    const row = await setVerified(services, email, command === 'verify');
    if (!row) {
      console.error(`No professional listing uses ${email}.`);
      return 1;
    }
    console.log(
      `${row.businessName} (${email}) is ${command === 'verify' ? 'now Verified' : 'no longer Verified'}.${row.slug ? ` Profile: /professionals/${row.slug}` : ''}`,
    );
    return 0;
  } finally {
    await services.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
