import type { FromRegionWorker, ToRegionWorker } from './protocol';

type Request = ToRegionWorker extends infer M ? (M extends { id: number } ? Omit<M, 'id'> : never) : never;
type Answer<T extends Request['type']> = T extends 'tiles' ? Extract<FromRegionWorker, { type: 'tiles' }> : Extract<FromRegionWorker, { type: 'matte' }>;

/**
 * The page's side of the hair region worker: one worker per studio, answers matched to requests by id.
 * The worker handles messages one at a time in order, so a tap sent while a photo loads applies to it.
 */
export class RegionClient {
  private readonly worker = new Worker(new URL('./region.worker.ts', import.meta.url), { type: 'module', name: 'hair-region' });
  private next = 1;
  private readonly waiting = new Map<number, { resolve(m: FromRegionWorker): void; reject(e: Error): void }>();

  constructor() {
    this.worker.onmessage = (e: MessageEvent<FromRegionWorker>) => {
      const m = e.data;
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.type === 'error') w?.reject(new Error(m.message));
      else w?.resolve(m);
    };
  }

  send<T extends Request>(req: T): Promise<Answer<T['type']>> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (m: FromRegionWorker) => void, reject });
      this.worker.postMessage({ ...req, id } as ToRegionWorker);
    });
  }

  close(): void {
    this.worker.terminate();
    for (const w of this.waiting.values()) w.reject(new Error('closed'));
    this.waiting.clear();
  }
}
