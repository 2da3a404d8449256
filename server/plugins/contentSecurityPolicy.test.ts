import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { cspDirectives } from './contentSecurityPolicy';

const config = (env: Record<string, string> = {}) =>
  loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'proofroom-csp-')),
    PAYMENTS: 'sandbox',
    INTERCOM_APP_ID: undefined,
    ...env,
  });

describe('cspDirectives', () => {
  it('allows only the own origin in the embedded mode', () => {
    const csp = cspDirectives(config());
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['upgrade-insecure-requests']).toBeNull();
  });

  it('lets Stripe.js load, frame and call Stripe when Stripe is the processor', () => {
    const csp = cspDirectives(
      config({
        PAYMENTS: 'stripe',
        STRIPE_SECRET_KEY: 'sk',
        STRIPE_PUBLISHABLE_KEY: 'pk',
        STRIPE_WEBHOOK_SECRET: 'wh',
      }),
    );
    expect(csp['script-src']).toContain('https://js.stripe.com');
    expect(csp['frame-src']).toContain('https://hooks.stripe.com');
    expect(csp['connect-src']).toContain('https://api.stripe.com');
  });

  it('lets the support chat load only when it is configured', () => {
    expect(cspDirectives(config({ INTERCOM_APP_ID: 'app' }))['script-src']).toContain(
      'https://widget.intercom.io',
    );
    expect(cspDirectives(config())['script-src']).not.toContain('https://widget.intercom.io');
  });

  it('upgrades insecure requests behind https', () => {
    expect(
      cspDirectives(config({ APP_URL: 'https://proofroom.example' }))['upgrade-insecure-requests'],
    ).toEqual([]);
  });
});
