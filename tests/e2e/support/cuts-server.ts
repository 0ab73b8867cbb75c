import { startFakeProviderServer, type FakeProviderServer } from '../../support/fake-provider-server';
import { ownServer, startOwnServer } from './own-server';

/** Its own port beside the run's, inside the run's own range of 100 (E2E_PORT + 50). */
export const CUTS_SERVER = ownServer('cuts', 50);

export interface CutsServer {
  fake: FakeProviderServer;
  stop(): Promise<void>;
}

/**
 * The built server with a generative engine: the loopback fake of Gemini from tests/support in this process (its
 * request log is the test's to read) and HAIR_ENGINE left unset, so a provider key makes it `auto`, as a
 * deployment gets it. Only the spec that needs it pays for its start.
 */
export async function startCutsServer(env: Record<string, string> = {}): Promise<CutsServer> {
  const fake = await startFakeProviderServer();
  const stop = await startOwnServer(CUTS_SERVER, { name: 'cuts', env: { SEED_DEMO: 'false', GEMINI_API_KEY: 'e2e-key', GEMINI_BASE_URL: fake.url, ...env } });
  return {
    fake,
    async stop() {
      await stop();
      await fake.close();
    },
  };
}
