import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Clock } from '../../clock';
import type { MailOutboxRepository } from '../../db/repositories/mailOutbox';
import type { Mail, Mailer } from './mailer';

/**
 * The embedded mode's mail: each message is kept in the database and as an .eml file,
 * so a local user can read it (the /dev/outbox page) and finish a reset or a sign-in.
 */
export class OutboxMailer implements Mailer {
  private readonly composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });

  constructor(
    private readonly outbox: MailOutboxRepository,
    private readonly dir: string,
    private readonly from: string,
    private readonly clock: Clock,
  ) {}

  async send(mail: Mail): Promise<void> {
    const info = await this.composer.sendMail({ from: this.from, ...mail });
    const now = this.clock.now();
    const file = `${now.toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, file), info.message as Buffer);
    await this.outbox.insert({
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      eml_file: file,
      created_at: now.toISOString(),
    });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
