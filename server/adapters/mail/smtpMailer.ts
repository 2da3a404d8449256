import nodemailer, { type Transporter } from 'nodemailer';
import type { Mail, Mailer } from './mailer';

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...mail });
  }

  close(): Promise<void> {
    this.transport.close();
    return Promise.resolve();
  }
}
