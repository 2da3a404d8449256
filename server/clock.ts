/** The source of "now" for every rule that depends on time, so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

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
}

export const minutes = (n: number) => n * 60_000;
export const days = (n: number) => n * 86_400_000;
