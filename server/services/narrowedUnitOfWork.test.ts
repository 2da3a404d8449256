import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each service names the repositories it uses (`UnitOfWorkOf<'folders' | 'projects'>`, and
 * `TxOf<…>` for a helper given a transaction), the way a route names its …RouteDeps: a service
 * that takes the whole `UnitOfWork` or `Tx` again could reach every repository.
 */
const servicesDir = import.meta.dirname;

function serviceSources(): { file: string; text: string }[] {
  return readdirSync(servicesDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => ({ file, text: readFileSync(join(servicesDir, file), 'utf8') }));
}

/** The whole unit of work or transaction, as a word: `UnitOfWorkOf` and `TxOf` do not match. */
const WHOLE_UNIT_OF_WORK = /\b(UnitOfWork|Tx)\b/g;

describe('services take a unit of work narrowed to their repositories', () => {
  it('reads the services', () => {
    expect(serviceSources().length).toBeGreaterThan(40);
  });

  it('never names the whole UnitOfWork or Tx', () => {
    const whole = serviceSources().flatMap(({ file, text }) =>
      [...text.matchAll(WHOLE_UNIT_OF_WORK)].map((m) => `server/services/${file}: ${m[0]}`),
    );
    expect(whole).toEqual([]);
  });
});
