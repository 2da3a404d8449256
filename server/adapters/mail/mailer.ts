/** One e-mail as the services write it; templates build these. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The message's own id, `<…@…>` (digests: stable, so a message sent again is known as the same). */
  messageId?: string;
  /** Threading: the ids of the messages this one follows (digests: the project's thread root). */
  inReplyTo?: string;
  references?: string[];
  /** More headers, e.g. List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
}

/** Sends mail: the outbox in the embedded mode, SMTP when SMTP_URL is set. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}
