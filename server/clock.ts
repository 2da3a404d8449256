/** The source of "now" for every rule that depends on time, so tests can move it. */
export interface Clock {
  now(): Date;
  /** Waits `ms` (a deliberate slowdown); a manual clock moves itself forward instead. */
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** A clock that stands still until told to move; used by tests (trial expiry, token expiry). */
export class ManualClock implements Clock {
  constructor(private current = new Date()) {}
  now(): Date {
    return new Date(this.current);
  }
  set(date: Date): void {
    this.current = new Date(date);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
  /** Everything slept through this clock, so a test can tell how long callers were held. */
  slept = 0;
  sleep(ms: number): Promise<void> {
    this.slept += ms;
    this.advance(ms);
    return Promise.resolve();
  }
}

export const minutes = (n: number) => n * 60_000;
export const days = (n: number) => n * 86_400_000;
