import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** The text/calendar part (a meeting invitation), empty when the mail has none. */
  calendar: string;
}

/** A real SMTP server on loopback: the API's mails travel over SMTP exactly as in production. */
export async function startSmtpServer() {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  // While held, a received message is not acknowledged (a slow SMTP server): `holding` counts those waiting.
  let gate: Promise<void> | null = null;
  let holding = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed: ParsedMail) => {
          if (gate) {
            holding++;
            for (const wake of waiters.splice(0)) wake();
            await gate;
            holding--;
          }
          for (const rcpt of session.envelope.rcptTo) {
            mails.push({
              to: rcpt.address.toLowerCase(),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              messageId: parsed.messageId ?? "",
              calendar:
                parsed.attachments
                  .find((part) => part.contentType.startsWith("text/calendar"))
                  ?.content.toString("utf8") ?? "",
            });
          }
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  const mailsTo = (to: string) => mails.filter((mail) => mail.to === to.toLowerCase());

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailsTo,
    /** The newest mail to an address, waiting for it if it has not arrived yet. */
    async lastMailTo(to: string, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mailsTo(to).at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    /** The `n`-th mail (1-based) to an address, waiting for it: queued mail arrives after the response. */
    async nthMailTo(to: string, n: number, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mailsTo(to)[n - 1];
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail number ${n} to ${to}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    /**
     * The newest mail to an address whose subject contains `subject`, waiting for it: mail sent by the
     * send-mail job arrives shortly after the response, not before it.
     */
    async mailWithSubject(to: string, subject: string, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mailsTo(to).findLast((mail) => mail.subject.includes(subject));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    /**
     * The 6-digit code of the newest mail to an address that carries one, waiting for it: codes are mailed by
     * a job, after the response. `seen`: how many mails the address had before the code was asked for, so that
     * an earlier code is not taken for the new one.
     */
    async codeFor(to: string, seen = 0, timeoutMs = 10_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mailsTo(to)
          .slice(seen)
          .findLast((candidate) => /確認コード: \d{6}/.test(candidate.text));
        if (mail) return /確認コード: (\d{6})/.exec(mail.text)![1]!;
        if (Date.now() > deadline) throw new Error(`no code mailed to ${to}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    /** Holds every message received from now on unacknowledged until the returned release is called. */
    hold(): () => void {
      let release!: () => void;
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        gate = null;
        release();
      };
    },
    /** How many messages are held unacknowledged right now. */
    held: () => holding,
    /** Waits until `count` messages are held. */
    async untilHeld(count: number, timeoutMs = 20_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (holding < count) {
        if (Date.now() > deadline) throw new Error(`${holding} mails held, not ${count}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
