import type { Notifier } from '../db/client';
import type { Db, Tx } from '../db/client';
import { sql } from 'drizzle-orm';
import type { LiveEvent } from '@shared/events';

const CHANNEL = 'tress_events';

/** A topic is who should hear an event: one user (`user:ID`) or everyone watching a partner (`partner:ID`). */
export type Topic = `user:${string}` | `partner:${string}`;
type Listener = (event: LiveEvent) => void;

/**
 * The one event bus. Publishing is a NOTIFY on the database (inside the caller's transaction, so
 * nothing is announced that did not commit); every instance LISTENs and fans out to its own SSE clients.
 */
export class EventBus {
  private listeners = new Map<Topic, Set<Listener>>();
  private stop?: () => Promise<void>;
  private notifier?: Notifier;

  async start(notifier: Notifier) {
    this.notifier = notifier;
    this.stop = await notifier.listen(CHANNEL, (payload) => {
      try {
        const { topic, event } = JSON.parse(payload) as { topic: Topic; event: LiveEvent };
        this.listeners.get(topic)?.forEach((l) => l(event));
      } catch {
        /* a malformed payload from another version is ignored */
      }
    });
  }

  /** Whether events from the database reach this instance now (false while its LISTEN connection reconnects). */
  listening(): boolean {
    return this.notifier?.listening() ?? false;
  }

  async close() {
    await this.stop?.();
    this.listeners.clear();
  }

  async publish(db: Db | Tx, topic: Topic, event: LiveEvent) {
    await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ topic, event })})`);
  }

  subscribe(topic: Topic, listener: Listener): () => void {
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(topic);
    };
  }
}
