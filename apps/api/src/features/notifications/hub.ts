import type { Database } from '../../db/database';

export const NOTIFICATION_CHANNEL = 'portal_notifications';

type Listener = (notificationId: string) => void;

/**
 * One LISTEN per process for every open notification stream: the database announces each new
 * notification (migration 0060) and the hub hands it to that user's open streams.
 */
export class NotificationHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private stop: Promise<() => Promise<void>> | null = null;

  constructor(private readonly db: Database) {}

  subscribe(userId: string, listener: Listener): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    this.stop ??= this.db.listen(NOTIFICATION_CHANNEL, (payload) => this.dispatch(payload));
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  /** Resolves once the process listens (a stream is live from then on). */
  async ready(): Promise<void> {
    await this.stop;
  }

  private dispatch(payload: string) {
    let message: { userId?: unknown; id?: unknown };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    if (typeof message.userId !== 'string' || typeof message.id !== 'string') return;
    for (const listener of this.listeners.get(message.userId) ?? []) listener(message.id);
  }

  async close() {
    const stop = this.stop;
    this.stop = null;
    this.listeners.clear();
    if (stop) await (await stop)();
  }
}
