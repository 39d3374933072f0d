import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import { AppError } from "../lib/app-error.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface OutboxEntry extends MailMessage {
  from: string;
  sent_at: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** The embedded outbox (no SMTP_URL): the latest mails, newest first, for /dev/outbox. */
  readonly outbox: OutboxEntry[] | null;
  close(): void;
}

const OUTBOX_SIZE = 100;

export function createMailer(options: { smtpUrl: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  if (!options.smtpUrl) {
    const outbox: OutboxEntry[] = [];
    return {
      outbox,
      async send(message) {
        outbox.unshift({ ...message, from: options.from, sent_at: new Date().toISOString() });
        outbox.length = Math.min(outbox.length, OUTBOX_SIZE);
        options.log.info({ mail: { to: message.to, subject: message.subject, text: message.text } }, "mail (outbox)");
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    outbox: null,
    async send(message) {
      try {
        await transport.sendMail({ from: options.from, ...message });
      } catch (error) {
        options.log.error({ err: error, to: message.to }, "mail could not be sent");
        throw new AppError(
          "mail_unavailable",
          503,
          "メールを送信できませんでした。しばらくしてから再度お試しください。",
          "SMTP delivery failed",
        );
      }
    },
    close() {
      transport.close();
    },
  };
}
