import { Transform, type TransformCallback } from 'node:stream';

/**
 * The bytes a file may have: `allowed` at first; past them `more(needed)` answers a new allowance
 * of at least `needed`, or throws the refusal (413 for a file too large, 400 invalid_workspace for
 * storage that is full).
 */
export interface ByteAllowance {
  allowed: number;
  more: (needed: number) => Promise<number>;
}

/**
 * Counts a file's bytes as they stream through, whatever the request's headers said, and stops
 * the stream with the allowance's refusal before a byte past it goes on. Every multipart file is
 * read through one (server/routes/multipartForm.ts).
 */
export class ByteCounter extends Transform {
  private count = 0;
  private allowed: number;

  constructor(private readonly allowance: ByteAllowance) {
    super();
    this.allowed = allowance.allowed;
  }

  /** The bytes that went through. */
  get bytes(): number {
    return this.count;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.count += chunk.length;
    if (this.count <= this.allowed) return done(null, chunk);
    this.allowance.more(this.count).then(
      (allowed) => {
        this.allowed = allowed;
        if (this.count > allowed) done(new Error(`Allowed ${allowed} bytes, got ${this.count}.`));
        else done(null, chunk);
      },
      (error: unknown) => done(error as Error),
    );
  }
}

/** A fixed allowance: past `max` bytes, `refusal`. */
export function atMost(max: number, refusal: () => Error): ByteAllowance {
  return { allowed: max, more: () => Promise.reject(refusal()) };
}
