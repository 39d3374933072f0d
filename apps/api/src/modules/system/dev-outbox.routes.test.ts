/**
 * The dev outbox holds every mail of a server without SMTP, verification codes included: only a browser on
 * the same machine may read it (`npm start` leaves NODE_ENV unset, and the port may well be reachable).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../../../test/job-helpers.ts";
import { call, createTestApp, type TestApp, uniqueEmail } from "../../../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { smtpUrl: undefined } });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  call(t.app, { method: "GET", url, remoteAddress, headers });

describe("/dev/outbox without SMTP", () => {
  it("serves the mails to loopback clients, and answers 404 to anyone else", async () => {
    const email = uniqueEmail("outbox");
    await call(t.app, {
      method: "POST",
      url: "/app/auth/verification-code/new",
      payload: { email, purpose: "signup" },
    });
    // The code is mailed by a job, shortly after the answer.
    await until(async () =>
      ((await get("/dev/outbox.json", "127.0.0.1")).body.items as { to: string }[]).some((mail) => mail.to === email),
    );
    const page = await get("/dev/outbox", "::1");
    expect(page.status).toBe(200);
    expect(page.body).toContain(email);
    expect((await get("/dev/outbox.json", "::ffff:127.0.0.1")).status).toBe(200);

    const refused = [
      ...["203.0.113.7", "192.168.1.20", "10.0.0.5", "::ffff:10.0.0.5", "2001:db8::1"].flatMap((address) =>
        ["/dev/outbox.json", "/dev/outbox"].map((url) => get(url, address)),
      ),
      // A proxy on this machine connects from loopback on behalf of a remote browser, and says so.
      get("/dev/outbox.json", "127.0.0.1", { "x-forwarded-for": "203.0.113.7" }),
      get("/dev/outbox", "127.0.0.1", { forwarded: "for=203.0.113.7" }),
      // A remote client claiming to be local.
      get("/dev/outbox.json", "203.0.113.7", { "x-forwarded-for": "127.0.0.1" }),
    ];
    for (const res of await Promise.all(refused)) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: "not_found" });
      expect(JSON.stringify(res.body)).not.toContain(email);
    }
  });
});
