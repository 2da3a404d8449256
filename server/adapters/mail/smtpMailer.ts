import nodemailer, { type Transporter } from 'nodemailer';
import type { Mail, Mailer } from './mailer';

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    // Pooled: jobs send many messages, and a connection per message costs a greeting each time.
    // `pool=false` in the URL turns it off.
    this.transport = nodemailer.createTransport({ url: smtpUrl, pool: true });
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }

  close(): Promise<void> {
    this.transport.close();
    return Promise.resolve();
  }
}
