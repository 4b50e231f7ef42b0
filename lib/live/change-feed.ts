// One reader for every open stream of an instance. Streams subscribe to a key (an order's
// token); the feed reads all watched keys in ONE query, hands each subscriber its value when
// it changed, and sleeps until the next poll or until a wake source (PostgreSQL LISTEN) says
// which entry changed, then reads just that one. It runs only while something is watched: an
// idle instance reads nothing and holds no listening connection.
import "server-only";
import { log } from "@/lib/log";

/** A loaded value and the id that change notifications name (an order's id for its token). */
export type FeedEntry<T> = { id: string; value: T };
/** Receives the current value on subscribing and every change after it; null: the key is gone. */
export type FeedListener<T> = (value: T | null) => void;
/**
 * Starts listening for changes and returns how to stop. `onChange(id)` names an entry that
 * changed; `onChange(null)` says anything may have changed (after a reconnect).
 */
export type WakeSource = (onChange: (id: string | null) => void) => () => void;

export type ChangeFeedOptions<T> = {
  /** Reads every key asked for in one query; a key missing from the answer is gone. */
  loadMany: (keys: string[]) => Promise<Map<string, FeedEntry<T>>>;
  /** Every watched key is read again this often (SQLite: the tick; PostgreSQL: the safety poll). */
  pollMs: number;
  /** Wait before reading again after a failed read. */
  retryMs?: number;
  wake?: WakeSource;
};

type Watched<T> = { listeners: Set<FeedListener<T>>; id?: string; last?: { json: string; value: T | null } };

export class ChangeFeed<T> {
  private readonly watched = new Map<string, Watched<T>>();
  private readonly dirty = new Set<string>();
  private everything = false;
  private running = false;
  private kick: (() => void) | null = null;

  constructor(private readonly opts: ChangeFeedOptions<T>) {}

  /** Watches `key`; the listener gets the last value read at once when there is one. */
  subscribe(key: string, listener: FeedListener<T>): () => void {
    let watched = this.watched.get(key);
    if (!watched) this.watched.set(key, (watched = { listeners: new Set() }));
    watched.listeners.add(listener);
    if (watched.last) listener(watched.last.value);
    else this.markDirty(key);
    this.start();
    return () => {
      const current = this.watched.get(key);
      if (!current?.listeners.delete(listener)) return;
      if (current.listeners.size === 0) this.watched.delete(key);
      if (this.watched.size === 0) this.kick?.();
    };
  }

  /** Keys watched now. */
  get size(): number {
    return this.watched.size;
  }

  private markDirty(key: string): void {
    this.dirty.add(key);
    this.kick?.();
  }

  private onChange(id: string | null): void {
    if (id === null) {
      this.everything = true;
      this.kick?.();
      return;
    }
    for (const [key, watched] of this.watched) if (watched.id === id) this.markDirty(key);
  }

  private start(): void {
    if (this.running) return;
    this.running = true;
    // After the current task: streams opened together are read together.
    queueMicrotask(() => void this.run());
  }

  private async run(): Promise<void> {
    const stopWaking = this.opts.wake?.((id) => this.onChange(id));
    let nextFull = Date.now() + this.opts.pollMs;
    try {
      while (this.watched.size > 0) {
        const full = this.everything || Date.now() >= nextFull;
        const keys = full ? [...this.watched.keys()] : [...this.dirty].filter((k) => this.watched.has(k));
        if (full) nextFull = Date.now() + this.opts.pollMs;
        this.everything = false;
        this.dirty.clear();
        const ok = keys.length === 0 || (await this.read(keys));
        if (this.watched.size === 0) break; // the last subscriber left during the read
        if (!ok) await this.wait(this.opts.retryMs ?? 1000);
        else if (this.dirty.size === 0 && !this.everything) await this.wait(nextFull - Date.now());
      }
    } finally {
      this.running = false;
      stopWaking?.();
    }
    if (this.watched.size > 0) this.start();
  }

  private async read(keys: string[]): Promise<boolean> {
    let found: Map<string, FeedEntry<T>>;
    try {
      found = await this.opts.loadMany(keys);
    } catch (err) {
      log.warn({ err, keys: keys.length }, "live feed: reading watched entries failed");
      for (const key of keys) this.dirty.add(key);
      return false;
    }
    for (const key of keys) {
      const watched = this.watched.get(key);
      if (!watched) continue;
      const entry = found.get(key);
      if (entry) watched.id = entry.id;
      const value = entry ? entry.value : null;
      const json = JSON.stringify(value);
      if (watched.last?.json === json) continue;
      watched.last = { json, value };
      for (const listener of [...watched.listeners]) {
        try {
          listener(value);
        } catch (err) {
          log.warn({ err }, "live feed: a subscriber failed");
        }
      }
    }
    return true;
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.kick = null;
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      this.kick = done;
    });
  }
}
