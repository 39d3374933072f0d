import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import { AppError } from "../lib/app-error.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * A calendar invitation (RFC 5546): nodemailer sends it as a text/calendar alternative with its METHOD and as
   * an attachment, the form Gmail and Outlook offer to add to the calendar. Plain data, so it can sit in a job.
   */
  icalEvent?: { method: "REQUEST" | "CANCEL" | "PUBLISH"; filename: string; content: string };
}

export interface OutboxEntry extends MailMessage {
  from: string;
  sent_at: string;
}

export interface SendOptions {
  /**
   * A stable key of this mail (the send-mail job's id): the Message-ID is derived from it, so that a mail sent
   * again (a retry after a lost acknowledgement) carries the same Message-ID and receivers can drop the copy.
   */
  key?: string;
}

export interface Mailer {
  send(message: MailMessage, options?: SendOptions): Promise<void>;
  /** The embedded outbox (no SMTP_URL): the latest mails, newest first, for /dev/outbox. */
  readonly outbox: OutboxEntry[] | null;
  close(): void;
}

const OUTBOX_SIZE = 100;

/**
 * How long one delivery may wait on the SMTP server (milliseconds). nodemailer's defaults (2 min to connect,
 * 10 min of silence) outlast the send-mail job's 5-minute expiry, after which another instance runs the job
 * again and the mail goes out twice: each step is bounded, and the whole delivery with it (`totalMs`), well
 * under that expiry.
 */
export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
  totalMs: number;
}

export const SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionMs: 15_000,
  greetingMs: 15_000,
  socketMs: 30_000,
  totalMs: 60_000,
};

/** `<key@domain of the sender>`: the same key always gives the same Message-ID. */
export function messageIdFor(key: string, from: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? "tasuki.invalid";
  return `<${key.replace(/[^A-Za-z0-9._-]/g, "")}@${domain}>`;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  log: Pick<FastifyBaseLogger, "info" | "error">;
  /** Shorter bounds for tests; the product uses SMTP_TIMEOUTS. */
  timeouts?: Partial<SmtpTimeouts>;
}): Mailer {
  if (!options.smtpUrl) {
    const outbox: OutboxEntry[] = [];
    return {
      outbox,
      async send(message) {
        outbox.unshift({ ...message, from: options.from, sent_at: new Date().toISOString() });
        outbox.length = Math.min(outbox.length, OUTBOX_SIZE);
        // Never the text: it carries verification codes and invitation links, and logs travel further than this
        // machine. The mail itself is read at /dev/outbox.
        options.log.info({ mail: { to: message.to, subject: message.subject } }, "mail (outbox)");
      },
      close() {},
    };
  }
  const timeouts = { ...SMTP_TIMEOUTS, ...options.timeouts };
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  });
  return {
    outbox: null,
    async send(message, { key } = {}) {
      try {
        await transport.sendMail({
          from: options.from,
          ...message,
          ...(key ? { messageId: messageIdFor(key, options.from) } : {}),
          // A server that answers each step just before its timeout cannot stretch the whole delivery.
          signal: AbortSignal.timeout(timeouts.totalMs),
        });
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
