/**
 * One process's life: how many requests are in flight, which event streams are open, and what must
 * run on shutdown. Created with the services; graceful shutdown (shutdown.ts) drives it.
 */
export type ShutdownHook = (info: { signal: string; deadline: number }) => Promise<void> | void;

const encoder = new TextEncoder();

export class Lifecycle {
  /** True from the first shutdown signal: /readyz answers 503 and responses ask clients to reconnect elsewhere. */
  draining = false;
  /** True while the demo is seeded after the server started listening: pages say so and /readyz answers 503. */
  preparingDemo = false;
  private inflight = 0;
  private hooks: Array<{ name: string; fn: ShutdownHook }> = [];
  private streams = new Set<(retryMs: number) => void>();

  get inflightCount() {
    return this.inflight;
  }

  get openStreams() {
    return this.streams.size;
  }

  /** Registers work for shutdown (e.g. refunding this instance's unfinished generations). Runs once, in order. */
  onShutdown(name: string, fn: ShutdownHook) {
    this.hooks.push({ name, fn });
  }

  requestStarted() {
    this.inflight++;
  }

  requestFinished() {
    this.inflight = Math.max(0, this.inflight - 1);
  }

  /**
   * Wraps a Server-Sent Events body so shutdown can end it cleanly: a `retry:` line tells the
   * browser's EventSource when to reconnect (through the load balancer, to another instance), then
   * the stream closes and the producer sees an abort.
   */
  trackEventStream(res: Response): Response {
    if (!res.body) return res;
    const source = res.body.getReader();
    let done = false;
    let end: ((retryMs: number) => void) | undefined;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        end = (retryMs) => {
          if (done) return;
          done = true;
          this.streams.delete(end!);
          try {
            controller.enqueue(encoder.encode(`: server restarting\nretry: ${retryMs}\n\n`));
            controller.close();
          } catch {
            /* the client already left */
          }
          source.cancel().catch(() => undefined);
        };
        this.streams.add(end);
      },
      pull: async (controller) => {
        const chunk = await source.read().catch(() => ({ done: true as const, value: undefined }));
        if (done) return;
        if (chunk.done) {
          done = true;
          this.streams.delete(end!);
          controller.close();
          return;
        }
        controller.enqueue(chunk.value);
      },
      cancel: async (reason) => {
        done = true;
        this.streams.delete(end!);
        await source.cancel(reason).catch(() => undefined);
      },
    });
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  }

  /** Ends every open event stream with a reconnect hint spread over `spreadMs` so clients do not return at once. */
  closeEventStreams(baseMs = 1000, spreadMs = 2000) {
    for (const end of [...this.streams]) end(baseMs + Math.floor(Math.random() * spreadMs));
  }

  /** Runs the registered hooks one after another; a failing or slow hook does not stop the others. */
  async runHooks(signal: string, deadline: number, onError: (name: string, err: unknown) => void) {
    for (const { name, fn } of this.hooks.splice(0)) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`shutdown hook ${name} passed the deadline`)), Math.max(5000, deadline - Date.now()));
      });
      try {
        await Promise.race([Promise.resolve(fn({ signal, deadline })), timeout]);
      } catch (err) {
        onError(name, err);
      } finally {
        clearTimeout(timer);
      }
    }
  }
}
