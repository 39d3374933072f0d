import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

async function codeToken(email: string, purpose: string) {
  await post("/app/auth/verification-code/new", { email, purpose });
  const code = await t.smtp.codeFor(email);
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
    const before = t.smtp.mailsTo(email).length;
    const res = await post("/app/auth/verification-code/new", { email, purpose: "signup" });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    const mail = await t.smtp.lastMailTo(email);
    expect(t.smtp.mailsTo(email).length).toBe(before + 1);
    expect(mail.subject).toContain("新規登録のお申し込みについて");
    expect(mail.text).not.toMatch(/確認コード: \d{6}/);
  });

  it("sends nothing for a password reset of an unknown address, with the same answer", async () => {
    const email = uniqueEmail("nobody");
    const res = await post("/app/auth/verification-code/new", { email, purpose: "reset_password" });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.smtp.mailsTo(email)).toHaveLength(0);
  });

  it("names the invalid fields of a bad request in Japanese", async () => {
    const res = await post("/app/auth/verification-code/new", { email: "not-an-address", purpose: "party", x: 1 });
    expectError(res, 400, "validation_error");
    expect(res.body.message).toContain("email");
    expect(res.body.message).toContain("purpose");
    expect(res.body.dev_message).toContain("email");
  });

  it("refuses a wrong code, counts attempts and gives up after five", async () => {
    const email = uniqueEmail();
    await post("/app/auth/verification-code/new", { email, purpose: "signup" });
    const code = await t.smtp.codeFor(email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i++) {
      expectError(
        await post("/app/auth/verification-code/conf", { email, code: wrong, purpose: "signup" }),
        400,
        "invalid_code",
      );
    }
    expectError(
      await post("/app/auth/verification-code/conf", { email, code: wrong, purpose: "signup" }),
      400,
      "code_attempts_exceeded",
    );
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

  it("answers 429 with the error body when one address asks too often", async () => {
    const email = uniqueEmail("spam");
    for (let i = 0; i < 5; i++) {
      expect((await post("/app/auth/verification-code/new", { email, purpose: "signup" })).status).toBe(200);
    }
    expectError(await post("/app/auth/verification-code/new", { email, purpose: "signup" }), 429, "rate_limited");
  });

  it("answers 429 after 30 codes from one IP address, and AUTH_IP_LIMIT_SCALE raises that for an office behind one address", async () => {
    const fromOneAddress = (app: TestApp, address: string) => () =>
      call(app.app, {
        method: "POST",
        url: "/app/auth/verification-code/new",
        payload: { email: uniqueEmail("office"), purpose: "signup" },
        remoteAddress: address,
      });
    const ask = fromOneAddress(t, "192.0.2.30");
    for (let i = 0; i < 30; i++) expect((await ask()).status).toBe(200);
    expectError(await ask(), 429, "rate_limited");

    const office = await createTestApp({ config: { authIpLimitScale: 2 } });
    try {
      const askOffice = fromOneAddress(office, "192.0.2.60");
      for (let i = 0; i < 60; i++) expect((await askOffice()).status).toBe(200);
      expectError(await askOffice(), 429, "rate_limited");
    } finally {
      await office.close();
    }
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

  it("answers 429 after repeated failures, even to the right password", async () => {
    const { email } = await signUp(t);
    for (let i = 0; i < 10; i++) {
      expectError(
        await post("/app/auth/login-with-email", { email, password: `Wrong-${i}-password` }),
        401,
        "invalid_credentials",
      );
    }
    expectError(await post("/app/auth/login-with-email", { email, password: PASSWORD }), 429, "rate_limited");
    // The window passes and the address may try again.
    t.advance(15 * 60 * 1000);
    expect((await post("/app/auth/login-with-email", { email, password: PASSWORD })).status).toBe(200);
  });

  it("answers 429 when one IP fails too often across many addresses", async () => {
    const remoteAddress = "127.9.9.9";
    for (let i = 0; i < 50; i++) {
      const res = await call(t.app, {
        method: "POST",
        url: "/app/auth/login-with-email",
        remoteAddress,
        payload: { email: uniqueEmail("scan"), password: "Wrong-password-1" },
      });
      expect(res.status).toBe(401);
    }
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
