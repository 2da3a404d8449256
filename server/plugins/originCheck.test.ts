import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isForeignRequest } from './originCheck';

const request = (method: string, headers: Record<string, string>) =>
  ({ method, headers: { host: 'localhost:3000', ...headers } }) as unknown as FastifyRequest;
const APP = 'http://localhost:3000';

describe('isForeignRequest', () => {
  it('lets reads through whatever their origin', () => {
    expect(isForeignRequest(request('GET', { origin: 'https://evil.example' }), APP)).toBe(false);
  });

  it('accepts writes from the app origin, the own host, or without an Origin header', () => {
    expect(isForeignRequest(request('POST', { origin: 'http://localhost:3000' }), APP)).toBe(false);
    expect(
      isForeignRequest(request('POST', { origin: 'http://localhost:3000', host: 'localhost:3000' }), APP),
    ).toBe(false);
    expect(isForeignRequest(request('POST', {}), APP)).toBe(false);
  });

  it('refuses writes from another origin, a cross-site fetch, or a malformed Origin', () => {
    expect(isForeignRequest(request('POST', { origin: 'https://evil.example' }), APP)).toBe(true);
    expect(isForeignRequest(request('DELETE', { 'sec-fetch-site': 'cross-site' }), APP)).toBe(true);
    expect(isForeignRequest(request('PATCH', { origin: 'null' }), APP)).toBe(true);
  });
});
