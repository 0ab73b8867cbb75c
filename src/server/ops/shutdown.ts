import type { Server } from 'node:http';
import type { Services } from '../services';

export interface ShutdownOptions {
  /** How long in-flight requests (and generations) may take after the signal. */
  deadlineMs: number;
  exit?: (code: number) => void;
  /** Signals that start the shutdown (default SIGTERM and SIGINT; tests call the returned function). */
  signals?: NodeJS.Signals[];
}

/**
 * Graceful shutdown (decision 072): on SIGTERM/SIGINT the instance reports not-ready, stops
 * accepting connections, ends event streams with a reconnect hint, lets in-flight requests finish
 * until the deadline, runs the registered shutdown hooks (the studio refunds what is still pending),
 * closes the services and exits 0. A second signal or a stuck close exits at once (code 1).
 */
export function installGracefulShutdown(server: Server, services: Services, opts: ShutdownOptions) {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const log = services.logger;
  let stopping = false;

  async function shutdown(signal: string) {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      exit(1);
      return;
    }
    stopping = true;
    const { lifecycle } = services.ops;
    const deadline = Date.now() + opts.deadlineMs;
    // Last resort: whatever hangs, the process still ends shortly after the deadline.
    setTimeout(() => {
      log.error({ signal }, 'shutdown did not finish in time: exiting');
      exit(1);
    }, opts.deadlineMs + 15_000).unref();

    lifecycle.draining = true;
    log.info({ signal, inflight: lifecycle.inflightCount, streams: lifecycle.openStreams, deadlineMs: opts.deadlineMs }, 'shutting down');
    // Stop listening; the callback fires once every connection has ended. Responses sent from now on
    // carry `connection: close`, and idle keep-alive sockets are closed as they become idle.
    const closed = new Promise<boolean>((resolve) => server.close(() => resolve(true)));
    lifecycle.closeEventStreams();
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    let timer: NodeJS.Timeout | undefined;
    const drained = await Promise.race([closed, new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), opts.deadlineMs)))]);
    clearTimeout(timer);
    clearInterval(sweep);
    if (!drained) log.warn({ inflight: lifecycle.inflightCount }, 'deadline passed with requests in flight');
    await lifecycle.runHooks(signal, deadline, (name, err) => log.error({ hook: name, err }, 'shutdown hook failed'));
    server.closeAllConnections();
    try {
      await services.close();
    } catch (err) {
      log.error({ err }, 'closing services failed');
    }
    log.info({ signal, drained }, 'stopped');
    exit(0);
  }

  for (const signal of opts.signals ?? ['SIGTERM', 'SIGINT']) process.on(signal, () => void shutdown(signal));
  return shutdown;
}
