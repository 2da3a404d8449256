import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEND_MAIL } from '@server/jobs/mailJob';
import { buildUser } from './factories';
import { ApiClient, lastMailTo, mailCount, resetTokenFrom, startTestApp, type TestApp } from './harness';
import { startSmtpServer, type SmtpTestServer } from './smtpServer';

const APP_URL = 'http://proofroom.test:8080';
const MAIL_FROM = 'Proofroom Tests <robot@proofroom.test>';

/** Splits a raw message into its unfolded headers and its body, with quoted-printable soft breaks undone. */
function parseMessage(raw: string) {
  const normalised = raw.replace(/\r\n/g, '\n');
  const split = normalised.indexOf('\n\n');
  const head = normalised.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const body = normalised
    .slice(split + 2)
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return { headers, body };
}

let smtp: SmtpTestServer;
let viaSmtp: TestApp;
let viaOutbox: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  viaSmtp = await startTestApp({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
    APP_URL,
    MAIL_FROM,
  });
  viaOutbox = await startTestApp({ APP_URL, MAIL_FROM });
});
afterAll(async () => {
  await viaSmtp.close();
  await viaOutbox.close();
  await smtp.close();
});

describe('e-mail through SMTP (SMTP_URL set)', () => {
  it('delivers the password reset link to a real SMTP server, and the link works', async () => {
    const user = await buildUser(viaSmtp.ctx, { email: 'smtp-reset@example.com' });
    const before = smtp.received.length;
    const answer = await new ApiClient(viaSmtp.baseUrl).post('/users/password', { email: user.email });
    expect(answer.status).toBe(200);
    await viaSmtp.ctx.jobs.idle();

    const delivered = smtp.received.slice(before);
    expect(delivered).toHaveLength(1);
    const [mail] = delivered;
    expect(mail?.to).toEqual(['smtp-reset@example.com']);
    expect(mail?.from).toBe('robot@proofroom.test');

    const { headers, body } = parseMessage(mail?.raw ?? '');
    expect(headers.get('to')).toContain('smtp-reset@example.com');
    expect(headers.get('subject')).toBe('Reset your Proofroom password');
    const link = new RegExp(
      `${APP_URL.replace(/[.:/]/g, '\\$&')}/reset-password\\?reset_password_token=[A-Za-z0-9_-]+`,
    );
    expect(body).toMatch(link);

    const reset = await new ApiClient(viaSmtp.baseUrl).put('/users/password', {
      password: 'reset by smtp link',
      password_confirmation: 'reset by smtp link',
      reset_password_token: resetTokenFrom(body),
    });
    expect(reset.status).toBe(200);
    expect(reset.body.response.email).toBe(user.email);
  });

  it('writes nothing to the outbox, and the outbox page is off', async () => {
    const user = await buildUser(viaSmtp.ctx);
    const before = smtp.received.length;
    await new ApiClient(viaSmtp.baseUrl).post('/users/password', { email: user.email });
    await viaSmtp.ctx.jobs.idle();
    expect(smtp.received.length).toBe(before + 1);

    expect(await mailCount(viaSmtp.ctx, user.email)).toBe(0);
    const rows = await viaSmtp.ctx.db.selectFrom('mail_outbox').select('id').execute();
    expect(rows).toEqual([]);
    expect(existsSync(join(viaSmtp.dataDir, 'mail'))).toBe(false);

    const client = new ApiClient(viaSmtp.baseUrl);
    expect((await client.get('/status')).body.response.dev_outbox).toBe(false);
    expect((await client.get('/dev/outbox')).status).toBe(404);
  });

  it('sends nothing for an unknown address', async () => {
    const before = smtp.received.length;
    const answer = await new ApiClient(viaSmtp.baseUrl).post('/users/password', {
      email: 'nobody-smtp@example.com',
    });
    expect(answer.status).toBe(200);
    await viaSmtp.ctx.jobs.idle();
    expect(smtp.received.length).toBe(before);
  });
});

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address && typeof address === 'object' ? address.port : 0;
}

describe('e-mail when the SMTP server is down', () => {
  it('answers a reset request the same whether or not the address exists (API.md)', async () => {
    const app = await startTestApp({
      SMTP_URL: `smtp://127.0.0.1:${await closedPort()}?ignoreTLS=true`,
      APP_URL,
    });
    try {
      const user = await buildUser(app.ctx);
      const client = new ApiClient(app.baseUrl);
      const unknown = await client.post('/users/password', { email: 'nobody-down@example.com' });
      const known = await client.post('/users/password', { email: user.email });
      expect(unknown.status).toBe(200);
      expect(known.status).toBe(unknown.status);
      expect(known.body).toEqual({
        response: {
          message: `If an account exists for ${user.email}, an email with a reset link is on its way.`,
        },
      });
      // The message waits in the queue for the server to come back, its error kept.
      await app.ctx.jobs.idle();
      const [job] = await app.ctx.db.selectFrom('jobs').selectAll().where('name', '=', SEND_MAIL).execute();
      expect(job).toMatchObject({ state: 'queued', attempts: 1 });
      expect(job?.last_error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await app.close();
    }
  });
});

describe('e-mail to the outbox (no SMTP_URL)', () => {
  it('keeps the mail in mail_outbox and as an .eml file under DATA_DIR/mail with the right headers', async () => {
    const user = await buildUser(viaOutbox.ctx, { email: 'outbox-reset@example.com' });
    const before = smtp.received.length;
    const answer = await new ApiClient(viaOutbox.baseUrl).post('/users/password', { email: user.email });
    expect(answer.status).toBe(200);
    expect(smtp.received.length).toBe(before);

    const row = await lastMailTo(viaOutbox.ctx, user.email);
    expect(row).toMatchObject({
      to_address: 'outbox-reset@example.com',
      subject: 'Reset your Proofroom password',
    });
    expect(row?.text_body).toContain(`${APP_URL}/reset-password?reset_password_token=`);

    const mailDir = join(viaOutbox.dataDir, 'mail');
    expect(readdirSync(mailDir)).toContain(row?.eml_file);
    const { headers, body } = parseMessage(readFileSync(join(mailDir, row?.eml_file ?? ''), 'utf8'));
    expect(headers.get('to')).toContain('outbox-reset@example.com');
    expect(headers.get('subject')).toBe('Reset your Proofroom password');
    expect(headers.get('from')).toContain('robot@proofroom.test');
    expect(body).toContain(
      `${APP_URL}/reset-password?reset_password_token=${resetTokenFrom(row?.text_body ?? '')}`,
    );
  });

  it('writes one file and one row per mail', async () => {
    const first = await buildUser(viaOutbox.ctx);
    const second = await buildUser(viaOutbox.ctx);
    const mailDir = join(viaOutbox.dataDir, 'mail');
    const filesBefore = existsSync(mailDir) ? readdirSync(mailDir).length : 0;
    const client = new ApiClient(viaOutbox.baseUrl);
    await client.post('/users/password', { email: first.email });
    await client.post('/users/password', { email: second.email });

    expect(await mailCount(viaOutbox.ctx, first.email)).toBe(1);
    expect(await mailCount(viaOutbox.ctx, second.email)).toBe(1);
    expect(readdirSync(mailDir)).toHaveLength(filesBefore + 2);
    const secondRow = await lastMailTo(viaOutbox.ctx, second.email);
    const { headers } = parseMessage(readFileSync(join(mailDir, secondRow?.eml_file ?? ''), 'utf8'));
    expect(headers.get('to')).toContain(second.email);
  });
});
