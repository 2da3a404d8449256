import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'proofroom-config-'));
const clean = {
  DATABASE_URL: undefined,
  SMTP_URL: undefined,
  APP_URL: undefined,
  PORT: undefined,
  NODE_ENV: undefined,
};

describe('loadConfig', () => {
  it('defaults to the embedded mode', () => {
    const dir = dataDir();
    const config = loadConfig({ ...clean, DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ dialect: 'sqlite', file: join(dir, 'proofroom.db') });
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.devOutbox).toBe(true);
    expect(config.maintenance).toBe(false);
    expect(config.shutdownGraceMs).toBe(30_000);
  });

  it('keeps a generated session secret in the data folder across starts', () => {
    const dir = dataDir();
    const first = loadConfig({ ...clean, DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ ...clean, DATA_DIR: dir }).sessionSecret).toBe(first);
    expect(readFileSync(join(dir, '.session-secret'), 'utf8')).toBe(first);
  });

  it('picks PostgreSQL from DATABASE_URL and SMTP from SMTP_URL, which turns the dev outbox off', () => {
    const config = loadConfig({
      ...clean,
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://u@db:5432/proofroom',
      DATABASE_SCHEMA: 'tenant_a',
      SMTP_URL: 'smtp://mail:25',
    });
    expect(config.database).toEqual({
      dialect: 'postgres',
      url: 'postgres://u@db:5432/proofroom',
      schema: 'tenant_a',
    });
    expect(config.mail.smtpUrl).toBe('smtp://mail:25');
    expect(config.devOutbox).toBe(false);
  });

  it('reads flags and numbers', () => {
    const config = loadConfig({
      ...clean,
      DATA_DIR: dataDir(),
      MAINTENANCE: 'true',
      PORT: '8080',
      BODY_LIMIT_MB: '2',
      SHUTDOWN_GRACE_SECONDS: '2.5',
    });
    expect(config.maintenance).toBe(true);
    expect(config.port).toBe(8080);
    expect(config.appUrl).toBe('http://localhost:8080');
    expect(config.bodyLimitBytes).toBe(2 * 1024 * 1024);
    expect(config.shutdownGraceMs).toBe(2500);
  });

  it('names every invalid setting', () => {
    expect(() => loadConfig({ ...clean, PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...clean, PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL/,
    );
    expect(() => loadConfig({ ...clean, SHUTDOWN_GRACE_SECONDS: '0' })).toThrow(/SHUTDOWN_GRACE_SECONDS/);
  });

  it('requires a session secret in production', () => {
    expect(() => loadConfig({ ...clean, NODE_ENV: 'production', SESSION_SECRET: undefined })).toThrow(
      /SESSION_SECRET/,
    );
  });
});
