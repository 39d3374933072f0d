import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobsNamed, until, waitForJob } from "../../../test/job-helpers.ts";
import { call, createTestApp, PASSWORD, signUp, type TestApp, uniqueEmail } from "../../../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, token?: string) =>
  call(t.app, { method: "POST", url, payload: payload as object, ...(token ? { token } : {}) });

const me = (token: string) => call(t.app, { method: "GET", url: "/app/user/me", token });

function expectError(res: { status: number; body: unknown }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ code, message: expect.any(String), dev_message: expect.any(String) });
  // The user-facing message is Japanese.
  expect((res.body as { message: string }).message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
}

/** Counts the answers of concurrent requests by status. */
function statuses(responses: { status: number }[]) {
  const counts: Record<number, number> = {};
  for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** The latest send-verification-code job of one address and purpose, once it has run (it sends the mail). */
async function codeJobFor(email: string, purpose: string) {
  let id: string | undefined;
  await until(async () => {
    id = (await jobsNamed(t.ctx.db, "send-verification-code")).findLast(
      (job) => job.data.email === email && job.data.purpose === purpose,
    )?.id;
    return id !== undefined;
  });
  return waitForJob(t.ctx.db, id!);
}

async function codeToken(email: string, purpose: string) {
  const seen = t.smtp.mailsTo(email).length;
  await post("/app/auth/verification-code/new", { email, purpose });
  const code = await t.smtp.codeFor(email, seen);
  const res = await post("/app/auth/verification-code/conf", { email, code, purpose });
  expect(res.status).toBe(200);
  return res.body.verification_token as string;
}

describe("verification codes", () => {
  it("mails a 6-digit code over SMTP in Japanese, text and HTML", async () => {
    const email = uniqueEmail();
    const res = await post("/app/auth/verification-code/new", { email, purpose: "signup" });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    const mail = await t.smtp.lastMailTo(email);
    expect(mail.subject).toBe("【Tasuki】新規登録の確認コード");
    expect(mail.text).toMatch(/確認コード: \d{6}/);
    expect(mail.html).toContain((await t.smtp.codeFor(email)).toString());
  });

  it("answers the same for a registered address, which gets a notice instead of a code", async () => {
    const { email } = await signUp(t);
    const res = await post("/app/auth/verification-code/new", { email, purpose: "signup" });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect((await codeJobFor(email, "signup")).output).toEqual({ sent: "notice" });
    const mail = await t.smtp.mailWithSubject(email, "新規登録のお申し込みについて");
    expect(mail.text).not.toMatch(/確認コード: \d{6}/);
  });

  it("does the same work in the request for a registered and an unknown address: one job, no code in it", async () => {
    // Timing told registered addresses apart when the request itself looked the address up and talked to the
    // SMTP server. Now every request counts its limits and enqueues one job; the job decides what to mail.
    const { email: known } = await signUp(t);
    const unknown = uniqueEmail("nobody");
    for (const email of [known, unknown]) {
      const res = await post("/app/auth/verification-code/new", { email, purpose: "reset_password" });
      expect(res).toMatchObject({ status: 200, body: { ok: true } });
    }
    const jobs = (await jobsNamed(t.ctx.db, "send-verification-code")).filter(
      (job) => [known, unknown].includes(job.data.email as string) && job.data.purpose === "reset_password",
    );
    expect(jobs.map((job) => job.data)).toEqual([
      { email: known, purpose: "reset_password", user_id: null },
      { email: unknown, purpose: "reset_password", user_id: null },
    ]);
    expect((await codeJobFor(known, "reset_password")).output).toEqual({ sent: "code" });
    expect((await codeJobFor(unknown, "reset_password")).output).toEqual({ sent: "nothing" });
    expect((await t.smtp.mailWithSubject(known, "パスワードの再設定の確認コード")).text).toMatch(/確認コード: \d{6}/);
    // The unknown address's job has finished and mailed nothing.
    expect(t.smtp.mailsTo(unknown)).toHaveLength(0);
  });

  it("names the invalid fields of a bad request in Japanese", async () => {
    const res = await post("/app/auth/verification-code/new", { email: "not-an-address", purpose: "party", x: 1 });
    expectError(res, 400, "validation_error");
    expect(res.body.message).toContain("email");
    expect(res.body.message).toContain("purpose");
    expect(res.body.dev_message).toContain("email");
  });

  it("refuses a wrong code, counts attempts and gives up after five, also when they come at once", async () => {
    const email = uniqueEmail();
    await post("/app/auth/verification-code/new", { email, purpose: "signup" });
    const code = await t.smtp.codeFor(email);
    const wrong = code === "000000" ? "111111" : "000000";
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        post("/app/auth/verification-code/conf", { email, code: wrong, purpose: "signup" }),
      ),
    );
    const codes = answers.map((res) => (res.body as { code: string }).code).sort();
    expect(codes).toEqual([...Array(4).fill("code_attempts_exceeded"), ...Array(4).fill("invalid_code")]);
    for (const res of answers) expect(res.status).toBe(400);
    // Even the right code no longer works.
    expectError(
      await post("/app/auth/verification-code/conf", { email, code, purpose: "signup" }),
      400,
      "code_attempts_exceeded",
    );
  });

  it("expires a code after 10 minutes", async () => {
    const email = uniqueEmail();
    await post("/app/auth/verification-code/new", { email, purpose: "signup" });
    const code = await t.smtp.codeFor(email);
    t.advance(10 * 60 * 1000 + 1000);
    expectError(
      await post("/app/auth/verification-code/conf", { email, code, purpose: "signup" }),
      400,
      "invalid_code",
    );
  });

  it("accepts a code once, and only for its purpose", async () => {
    const email = uniqueEmail();
    await post("/app/auth/verification-code/new", { email, purpose: "signup" });
    const code = await t.smtp.codeFor(email);
    expectError(
      await post("/app/auth/verification-code/conf", { email, code, purpose: "reset_password" }),
      400,
      "invalid_code",
    );
    expect((await post("/app/auth/verification-code/conf", { email, code, purpose: "signup" })).status).toBe(200);
    expectError(
      await post("/app/auth/verification-code/conf", { email, code, purpose: "signup" }),
      400,
      "invalid_code",
    );
  });

  it("answers 429 with the error body when one address asks too often, counting concurrent requests", async () => {
    const email = uniqueEmail("spam");
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post("/app/auth/verification-code/new", { email, purpose: "reset_password" })),
    );
    expect(statuses(answers)).toEqual({ 200: 5, 429: 3 });
    expectError(answers.find((res) => res.status === 429)!, 429, "rate_limited");
  });

  it("needs a signed-in user for a change_email code", async () => {
    expectError(
      await post("/app/auth/verification-code/new", { email: uniqueEmail(), purpose: "change_email" }),
      401,
      "unauthorized",
    );
  });
});

describe("sign-up with e-mail", () => {
  it("creates the account and answers a token set that works", async () => {
    const { email, tokens } = await signUp(t);
    expect(tokens).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      realtime_token: expect.any(String),
    });
    const res = await me(tokens.access_token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email,
      last_name: "山田",
      first_name: "太郎",
      last_name_kana: "ヤマダ",
      has_password: true,
      terms_current: true,
      workspace_users: [],
    });
  });

  it("refuses a common password and keeps the verification token usable", async () => {
    const email = uniqueEmail();
    const token = await codeToken(email, "signup");
    const names = { last_name: "佐藤", first_name: "花子", agree_terms: true };
    expectError(
      await post("/app/auth/signup-with-email", { verification_token: token, password: "password123", ...names }),
      400,
      "weak_password",
    );
    expectError(
      await post("/app/auth/login-with-email", { email, password: "password123" }),
      401,
      "invalid_credentials",
    );
    const ok = await post("/app/auth/signup-with-email", { verification_token: token, password: PASSWORD, ...names });
    expect(ok.status).toBe(201);
  });

  it("checks length, names, kana and terms", async () => {
    const token = await codeToken(uniqueEmail(), "signup");
    const short = await post("/app/auth/signup-with-email", {
      verification_token: token,
      password: "short",
      last_name: "",
      first_name: "花子",
      last_name_kana: "さとう",
      agree_terms: false,
    });
    expectError(short, 400, "validation_error");
    for (const field of ["password", "last_name", "last_name_kana", "agree_terms"]) {
      expect(short.body.dev_message).toContain(field);
    }
    const long = await post("/app/auth/signup-with-email", {
      verification_token: token,
      password: "a".repeat(129),
      last_name: "佐藤",
      first_name: "花子",
      agree_terms: true,
    });
    expectError(long, 400, "validation_error");
  });

  it("spends the verification token", async () => {
    const email = uniqueEmail();
    const token = await codeToken(email, "signup");
    const body = {
      verification_token: token,
      password: PASSWORD,
      last_name: "佐藤",
      first_name: "花子",
      agree_terms: true,
    };
    expect((await post("/app/auth/signup-with-email", body)).status).toBe(201);
    expectError(await post("/app/auth/signup-with-email", body), 400, "invalid_verification_token");
  });
});

describe("login", () => {
  it("signs in with the right password, case-insensitively on the address", async () => {
    const { email } = await signUp(t);
    const res = await post("/app/auth/login-with-email", { email: email.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    expect((await me(res.body.access_token)).status).toBe(200);
  });

  it("answers the same for a wrong password and an unknown address", async () => {
    const { email } = await signUp(t);
    const wrong = await post("/app/auth/login-with-email", { email, password: "Wrong-password-1" });
    const unknown = await post("/app/auth/login-with-email", { email: uniqueEmail("ghost"), password: PASSWORD });
    expectError(wrong, 401, "invalid_credentials");
    expect(unknown.body).toEqual(wrong.body);
  });

  const loginFrom = (remoteAddress: string, email: string, password: string) =>
    call(t.app, { method: "POST", url: "/app/auth/login-with-email", remoteAddress, payload: { email, password } });

  it("answers 429 after repeated failures from one client, even to the right password, and only to that client", async () => {
    const { email } = await signUp(t);
    for (let i = 0; i < 10; i++) {
      expectError(await loginFrom("198.51.100.7", email, `Wrong-${i}-password`), 401, "invalid_credentials");
    }
    expectError(await loginFrom("198.51.100.7", email, PASSWORD), 429, "rate_limited");
    // Whoever sent them locked out only themselves: the owner on their usual network still signs in.
    expect((await loginFrom("203.0.113.20", email, PASSWORD)).status).toBe(200);
    // The window passes and that client may try again.
    t.advance(15 * 60 * 1000);
    expect((await loginFrom("198.51.100.7", email, PASSWORD)).status).toBe(200);
  });

  it("stops a guesser who changes client address at 100 wrong passwords an hour for the address", {
    timeout: 120_000,
  }, async () => {
    const { email } = await signUp(t);
    // Ten clients, ten wrong passwords each: each client's own limit is just reached, the address's too.
    for (let client = 0; client < 10; client++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => loginFrom(`198.51.100.${100 + client}`, email, `Wrong-${i}-password`)),
      );
      expect(statuses(answers)).toEqual({ 401: 10 });
    }
    expectError(await loginFrom("203.0.113.21", email, PASSWORD), 429, "rate_limited");
  });

  it("counts wrong passwords before checking them: 30 at once from one client get 10 answers 401, the rest 429", async () => {
    const { email } = await signUp(t);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => loginFrom("198.51.100.8", email, `Wrong-${i}-password`)),
    );
    expect(statuses(answers)).toEqual({ 401: 10, 429: 20 });
    expectError(await loginFrom("198.51.100.8", email, PASSWORD), 429, "rate_limited");
  });

  it("does not count successful logins against the address", async () => {
    const { email } = await signUp(t);
    for (let i = 0; i < 12; i++) {
      expect((await post("/app/auth/login-with-email", { email, password: PASSWORD })).status).toBe(200);
    }
  });

  it("answers 429 when one IP fails too often across many addresses, also when the guesses come at once", {
    timeout: 120_000,
  }, async () => {
    const remoteAddress = "127.9.9.9";
    const answers = await Promise.all(
      Array.from({ length: 55 }, () =>
        call(t.app, {
          method: "POST",
          url: "/app/auth/login-with-email",
          remoteAddress,
          payload: { email: uniqueEmail("scan"), password: "Wrong-password-1" },
        }),
      ),
    );
    expect(statuses(answers)).toEqual({ 401: 50, 429: 5 });
    const { email } = await signUp(t);
    const blocked = await call(t.app, {
      method: "POST",
      url: "/app/auth/login-with-email",
      remoteAddress,
      payload: { email, password: PASSWORD },
    });
    expectError(blocked, 429, "rate_limited");
    const elsewhere = await call(t.app, {
      method: "POST",
      url: "/app/auth/login-with-email",
      payload: { email, password: PASSWORD },
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe("tokens", () => {
  it("rotates the refresh token on renewal", async () => {
    const { tokens } = await signUp(t);
    const renewed = await post("/app/auth/renew-token", { refresh_token: tokens.refresh_token });
    expect(renewed.status).toBe(200);
    expect(renewed.body.refresh_token).not.toBe(tokens.refresh_token);
    expect((await me(renewed.body.access_token)).status).toBe(200);
    const again = await post("/app/auth/renew-token", { refresh_token: renewed.body.refresh_token });
    expect(again.status).toBe(200);
  });

  it("revokes the whole family when a spent refresh token comes back", async () => {
    const { tokens } = await signUp(t);
    const renewed = await post("/app/auth/renew-token", { refresh_token: tokens.refresh_token });
    expect(renewed.status).toBe(200);
    expectError(
      await post("/app/auth/renew-token", { refresh_token: tokens.refresh_token }),
      401,
      "refresh_token_reused",
    );
    // The thief's and the owner's tokens both stop working.
    expectError(
      await post("/app/auth/renew-token", { refresh_token: renewed.body.refresh_token }),
      401,
      "session_revoked",
    );
    expectError(await me(renewed.body.access_token), 401, "session_revoked");
  });

  it("keeps other sessions of the user alive when one family is revoked", async () => {
    const { email, tokens } = await signUp(t);
    const other = await post("/app/auth/login-with-email", { email, password: PASSWORD });
    await post("/app/auth/renew-token", { refresh_token: tokens.refresh_token });
    await post("/app/auth/renew-token", { refresh_token: tokens.refresh_token });
    expect((await me(other.body.access_token)).status).toBe(200);
  });

  it("expires the access token after 30 minutes and the session after 30 days", async () => {
    const { tokens } = await signUp(t);
    // Accepted once (its signature is then remembered, tokens.ts): the clock still decides afterwards.
    expect((await me(tokens.access_token)).status).toBe(200);
    t.advance(31 * 60 * 1000);
    expectError(await me(tokens.access_token), 401, "invalid_access_token");
    const renewed = await post("/app/auth/renew-token", { refresh_token: tokens.refresh_token });
    expect(renewed.status).toBe(200);
    t.advance(30 * 24 * 60 * 60 * 1000);
    expectError(
      await post("/app/auth/renew-token", { refresh_token: renewed.body.refresh_token }),
      401,
      "session_revoked",
    );
  });

  it("refuses unknown and malformed tokens", async () => {
    expectError(await post("/app/auth/renew-token", { refresh_token: "nope" }), 401, "invalid_refresh_token");
    expectError(await me("not.a.jwt"), 401, "invalid_access_token");
    const res = await call(t.app, { method: "GET", url: "/app/user/me", headers: { authorization: "Basic abc" } });
    expectError(res, 401, "unauthorized");
    expectError(await call(t.app, { method: "GET", url: "/app/user/me" }), 401, "unauthorized");
  });

  it("refuses access tokens signed with our key but without exp or iat, with a long exp, or issued in the future", async () => {
    const { tokens } = await signUp(t);
    const claims = JSON.parse(Buffer.from(tokens.access_token.split(".")[1]!, "base64url").toString()) as {
      sub: string;
      sid: string;
    };
    const now = Math.floor(t.ctx.now().getTime() / 1000);
    const shaped = (iat: number | null, exp: number | null) => {
      const jwt = new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(claims.sub)
        .setIssuer("tasuki")
        .setAudience("access");
      if (iat !== null) jwt.setIssuedAt(iat);
      if (exp !== null) jwt.setExpirationTime(exp);
      return jwt.sign(t.ctx.keys.access);
    };
    // Shaped as we issue them (30 minutes), the same key works: what is refused below is the shape alone.
    expect((await me(await shaped(now, now + 30 * 60))).status).toBe(200);
    for (const token of [
      await shaped(now, null),
      await shaped(null, now + 30 * 60),
      await shaped(now, now + 10 * 365 * 86_400),
      await shaped(now - 60, now + 31 * 60),
      await shaped(now + 10 * 60, now + 40 * 60),
    ]) {
      expectError(await me(token), 401, "invalid_access_token");
    }
  });

  it("refuses a token altered in one character after the genuine one was accepted", async () => {
    const { tokens } = await signUp(t);
    expect((await me(tokens.access_token)).status).toBe(200);
    const [header, payload, signature] = tokens.access_token.split(".") as [string, string, string];
    const flipped = `${signature.slice(0, 5)}${signature[5] === "A" ? "B" : "A"}${signature.slice(6)}`;
    expectError(await me(`${header}.${payload}.${flipped}`), 401, "invalid_access_token");
    expect((await me(tokens.access_token)).status).toBe(200);
  });

  it("does not accept a realtime token as an access token", async () => {
    const { tokens } = await signUp(t);
    expectError(await me(tokens.realtime_token), 401, "invalid_access_token");
  });
});

describe("logout", () => {
  it("revokes the session: refresh and access tokens stop working", async () => {
    const { tokens } = await signUp(t);
    expect(await post("/app/auth/logout", { refresh_token: tokens.refresh_token })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expectError(await post("/app/auth/renew-token", { refresh_token: tokens.refresh_token }), 401, "session_revoked");
    expectError(await me(tokens.access_token), 401, "session_revoked");
    // Signing out twice is harmless.
    expect((await post("/app/auth/logout", { refresh_token: tokens.refresh_token })).status).toBe(200);
  });
});

describe("password reset", () => {
  it("sets the new password and signs every session out", async () => {
    const { email, tokens } = await signUp(t);
    const other = await post("/app/auth/login-with-email", { email, password: PASSWORD });
    const token = await codeToken(email, "reset_password");
    const newPassword = "Momiji-autumn-2026";
    expect(await post("/app/auth/reset-password", { verification_token: token, password: newPassword })).toMatchObject({
      status: 200,
    });
    expectError(await me(tokens.access_token), 401, "session_revoked");
    expectError(
      await post("/app/auth/renew-token", { refresh_token: other.body.refresh_token }),
      401,
      "session_revoked",
    );
    expectError(await post("/app/auth/login-with-email", { email, password: PASSWORD }), 401, "invalid_credentials");
    expect((await post("/app/auth/login-with-email", { email, password: newPassword })).status).toBe(200);
    await t.smtp.mailWithSubject(email, "パスワードが変更されました");
  });

  it("refuses a sign-up token, a spent token and a weak password without changing anything", async () => {
    const { email } = await signUp(t);
    const signupToken = await codeToken(uniqueEmail(), "signup");
    expectError(
      await post("/app/auth/reset-password", { verification_token: signupToken, password: "Another-pass-2026" }),
      400,
      "invalid_verification_token",
    );
    const token = await codeToken(email, "reset_password");
    expectError(
      await post("/app/auth/reset-password", { verification_token: token, password: "qwerty123" }),
      400,
      "weak_password",
    );
    expect((await post("/app/auth/login-with-email", { email, password: PASSWORD })).status).toBe(200);
    expect(
      (await post("/app/auth/reset-password", { verification_token: token, password: "Another-pass-2026" })).status,
    ).toBe(200);
    expectError(
      await post("/app/auth/reset-password", { verification_token: token, password: "Third-pass-2026" }),
      400,
      "invalid_verification_token",
    );
  });
});

// Last in the file: its 90 accepted requests leave 90 jobs in the queue, which the workers take a few at a time,
// and a test after it would wait behind them for its own code mail.
describe("the per-IP limit of code requests", () => {
  // Unknown addresses asking for a reset: the cheapest request there is (count, enqueue, a job that mails nothing),
  // so the test measures the limit, not the machine. Sent at once, to prove the count is taken atomically.
  it("answers 429 after 30 codes from one IP address, and AUTH_IP_LIMIT_SCALE raises that for an office behind one address", {
    timeout: 120_000,
  }, async () => {
    const fromOneAddress = (app: TestApp, address: string, n: number) =>
      Promise.all(
        Array.from({ length: n }, () =>
          call(app.app, {
            method: "POST",
            url: "/app/auth/verification-code/new",
            payload: { email: uniqueEmail("office"), purpose: "reset_password" },
            remoteAddress: address,
          }),
        ),
      );
    const answers = await fromOneAddress(t, "192.0.2.30", 33);
    expect(statuses(answers)).toEqual({ 200: 30, 429: 3 });
    expectError(answers.find((res) => res.status === 429)!, 429, "rate_limited");

    // The setting is read on every request: this app is switched to an office's scale for the rest of the test
    // rather than a second app booted for it (a new database is the dearest thing a test can ask for).
    t.ctx.config.authIpLimitScale = 2;
    try {
      expect(statuses(await fromOneAddress(t, "192.0.2.60", 63))).toEqual({ 200: 60, 429: 3 });
    } finally {
      t.ctx.config.authIpLimitScale = 1;
    }
  });
});
