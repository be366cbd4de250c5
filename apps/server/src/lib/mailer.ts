import { desc } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/client.js';
import { mailMessages } from '../db/schema/index.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface StoredMail {
  id: number;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: string;
}

/**
 * Mail goes through nodemailer either way: over SMTP when SMTP_URL is set, otherwise rendered
 * by nodemailer's JSON transport and kept in the database outbox shown at /dev/mailbox.
 */
export class Mailer {
  private readonly transport: Transporter;
  readonly mode: 'smtp' | 'outbox';

  constructor(
    private readonly db: Database,
    private readonly from: string,
    smtpUrl: string | undefined,
  ) {
    this.mode = smtpUrl ? 'smtp' : 'outbox';
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ jsonTransport: true });
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, ...message });
    if (this.mode === 'outbox') {
      await this.db.insert(mailMessages).values({
        to_address: message.to,
        from_address: this.from,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
      });
    }
    void info;
  }

  async list(limit = 100): Promise<StoredMail[]> {
    const rows = await this.db.select().from(mailMessages).orderBy(desc(mailMessages.id)).limit(limit);
    return rows.map((row) => ({
      id: row.id,
      to: row.to_address,
      from: row.from_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      created_at: row.created_at.toISOString(),
    }));
  }

  close(): void {
    this.transport.close();
  }
}
