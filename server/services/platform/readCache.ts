interface Entry {
  version: string;
  body: Buffer;
  storedAt: number;
}

export interface ReadCacheOptions {
  /** The memory the kept answers may take, all users together. */
  maxBytes: number;
  /** An answer is rebuilt past this age even when the database has not changed. */
  maxAgeMs: number;
}

export const READ_CACHE_DEFAULTS: ReadCacheOptions = { maxBytes: 64 * 1024 * 1024, maxAgeMs: 60_000 };

/**
 * Answers of read routes (a project, a page of projects, the caller's workspaces), kept as the
 * JSON bytes sent, per caller, for as long as the database has not changed: the session lookup of
 * each call also reads the database's data version (server/db/repositories/dataVersion.ts), and the
 * kept bytes go out while it is the one they were built at. Any commit, of this process or
 * another, on this instance or another, changes the version, so a kept answer is never older than
 * the data; access is part of what is kept (a member removed is a commit). The session is not: it
 * is read on every call. Bounded in memory, least recently used out first. The answers kept
 * depend on the data only (no field is worked out from the clock); the age limit bounds what a
 * later one that did could lag.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  /** Builds under way, so a burst of calls for one answer builds it once. */
  private readonly building = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  constructor(private readonly options: ReadCacheOptions = READ_CACHE_DEFAULTS) {}

  /**
   * The JSON of `build()`'s answer for `key` (which names the caller and everything the answer
   * depends on), built anew only when the database changed since it was kept. `version` is the
   * data version the call's session lookup read, before any of the data: a commit after it is a
   * newer version.
   */
  async json(key: string, version: string | null, build: () => Promise<unknown>): Promise<Buffer> {
    if (version === null) return Buffer.from(JSON.stringify(await build()));
    const kept = this.entries.get(key);
    if (kept && kept.version === version && performance.now() - kept.storedAt < this.options.maxAgeMs) {
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.body;
    }
    const buildKey = `${version}\u0000${key}`;
    const under = this.building.get(buildKey);
    if (under) return under;
    const built = (async () => {
      const body = Buffer.from(JSON.stringify(await build()));
      this.keep(key, { version, body, storedAt: performance.now() });
      return body;
    })();
    this.building.set(buildKey, built);
    try {
      return await built;
    } finally {
      this.building.delete(buildKey);
    }
  }

  private keep(key: string, entry: Entry): void {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.body.length;
      this.entries.delete(key);
    }
    if (entry.body.length > this.options.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    for (const [oldest, { body }] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= body.length;
    }
  }
}
