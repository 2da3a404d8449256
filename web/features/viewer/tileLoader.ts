/** At most this many tiles on the way at once (a browser's connections to one host). */
const IN_FLIGHT = 6;
/** Decoded tiles kept: about 130 MB of 512 px tiles at most, the screen's few dozen and recent ones. */
const KEPT = 500;

/**
 * Loads the tiles the viewer wants, nearest first, a few at a time, and keeps the most recently
 * drawn ones decoded. A new wish replaces the queue: tiles that scrolled away before their turn
 * are never asked for.
 */
export class TileLoader {
  private readonly loaded = new Map<string, HTMLImageElement>();
  private readonly loading = new Set<string>();
  private readonly failed = new Set<string>();
  private queue: string[] = [];
  private disposed = false;

  constructor(private readonly onLoad: () => void) {}

  /** A loaded tile (now the most recently used), or null. */
  get(url: string): HTMLImageElement | null {
    const image = this.loaded.get(url);
    if (!image) return null;
    this.loaded.delete(url);
    this.loaded.set(url, image);
    return image;
  }

  has(url: string): boolean {
    return this.loaded.has(url);
  }

  /** The tiles wanted now, most wanted first: those not loaded, loading or failed are queued. */
  want(urls: readonly string[]): void {
    this.queue = urls.filter(
      (url) => !this.loaded.has(url) && !this.loading.has(url) && !this.failed.has(url),
    );
    this.pump();
  }

  /** Wanted tiles not shown yet (a failed one counts as done: it will not come). */
  pending(urls: readonly string[]): number {
    return urls.filter((url) => !this.loaded.has(url) && !this.failed.has(url)).length;
  }

  dispose(): void {
    this.disposed = true;
    this.queue = [];
    this.loaded.clear();
  }

  private pump(): void {
    while (!this.disposed && this.loading.size < IN_FLIGHT && this.queue.length > 0) {
      const url = this.queue.shift()!;
      this.loading.add(url);
      const image = new Image();
      image.decoding = 'async';
      image.src = url;
      image
        .decode()
        .then(
          () => this.keep(url, image),
          () => this.failed.add(url),
        )
        .finally(() => {
          this.loading.delete(url);
          if (this.disposed) return;
          this.pump();
          this.onLoad();
        });
    }
  }

  private keep(url: string, image: HTMLImageElement): void {
    if (this.disposed) return;
    this.loaded.set(url, image);
    while (this.loaded.size > KEPT) {
      const oldest = this.loaded.keys().next().value;
      if (oldest === undefined) break;
      this.loaded.delete(oldest);
    }
  }
}
