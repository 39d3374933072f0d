/**
 * The SMTP mailer against a real SMTP server on loopback that stops answering (a slow or stuck provider): a
 * delivery gives up within its bounds instead of outliving the send-mail job's expiry, after which another
 * instance would send the mail again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quietLog as log } from "../../test/job-helpers.ts";
import { type SmtpServer, startSmtpServer } from "../../test/smtp.ts";
import { SEND_MAIL_EXPIRE_SECONDS } from "../jobs/send-mail.job.ts";
import { createMailer, messageIdFor, SMTP_TIMEOUTS } from "./mailer.ts";

const FROM = "Tasuki <no-reply@tasuki.test>";
const mail = (to: string) => ({ to, subject: "お知らせ", text: "本文", html: "<p>本文</p>" });

let smtp: SmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

describe("the SMTP mailer", () => {
  it("gives up with 503 when the server stops answering mid-delivery (socket timeout)", async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, log, timeouts: { socketMs: 1000 } });
    const release = smtp.hold();
    try {
      await expect(mailer.send(mail("stuck@example.co.jp"))).rejects.toMatchObject({
        status: 503,
        code: "mail_unavailable",
      });
    } finally {
      release();
      mailer.close();
    }
  }, 60_000);

  it("bounds the whole delivery, however each step is answered", async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, log, timeouts: { totalMs: 1000 } });
    const release = smtp.hold();
    try {
      await expect(mailer.send(mail("slow@example.co.jp"))).rejects.toMatchObject({ status: 503 });
    } finally {
      release();
      mailer.close();
    }
  }, 60_000);

  it("keeps the product's bounds well under the send-mail job's expiry", () => {
    const { connectionMs, greetingMs, socketMs, totalMs } = SMTP_TIMEOUTS;
    expect(Math.max(connectionMs, greetingMs, socketMs)).toBeLessThanOrEqual(totalMs);
    expect(totalMs).toBeLessThanOrEqual((SEND_MAIL_EXPIRE_SECONDS * 1000) / 4);
  });

  it("derives the Message-ID from the key, the same on every send", async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, log });
    try {
      await mailer.send(mail("twice@example.co.jp"), { key: "job-0190a5a0-0000-7000-8000-000000000001" });
      await mailer.send(mail("twice@example.co.jp"), { key: "job-0190a5a0-0000-7000-8000-000000000001" });
      await mailer.send(mail("twice@example.co.jp"));
      const ids = smtp.mailsTo("twice@example.co.jp").map((received) => received.messageId);
      expect(ids.slice(0, 2)).toEqual([
        "<job-0190a5a0-0000-7000-8000-000000000001@tasuki.test>",
        "<job-0190a5a0-0000-7000-8000-000000000001@tasuki.test>",
      ]);
      expect(ids[2]).not.toBe(ids[0]);
      expect(messageIdFor("job-1", "no-reply@example.jp")).toBe("<job-1@example.jp>");
    } finally {
      mailer.close();
    }
  });
});
