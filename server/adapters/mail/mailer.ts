/** One e-mail as the services write it; templates build these. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends mail: the outbox in the embedded mode, SMTP when SMTP_URL is set. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}
