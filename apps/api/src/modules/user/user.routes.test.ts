import { loginWithEmailContract } from "@tasuki/contract/auth/login-with-email.contract";
import { verificationCodeConfContract } from "@tasuki/contract/auth/verification-code-conf.contract";
import { verificationCodeNewContract } from "@tasuki/contract/auth/verification-code-new.contract";
import { agreeTermsContract } from "@tasuki/contract/user/agree-terms.contract";
import { cancelEmailChangeContract } from "@tasuki/contract/user/cancel-email-change.contract";
import { changeEmailContract } from "@tasuki/contract/user/change-email.contract";
import { changePasswordContract } from "@tasuki/contract/user/change-password.contract";
import { getMeContract } from "@tasuki/contract/user/get-me.contract";
import { linkSnsContract } from "@tasuki/contract/user/link-sns.contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  PASSWORD,
  signUp,
  signUpWithWorkspace,
  type TestApp,
  uniqueEmail,
} from "../../../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function changeEmailToken(token: string, newEmail: string) {
  expect(
    (await t.api.call(verificationCodeNewContract, { body: { email: newEmail, purpose: "change_email" } }, { token }))
      .status,
  ).toBe(200);
  const code = await t.smtp.codeFor(newEmail);
  const conf = await t.api.call(verificationCodeConfContract, {
    body: {
      email: newEmail,
      code,
      purpose: "change_email",
    },
  });
  expect(conf.status).toBe(200);
  return conf.body.verification_token as string;
}

describe("GET /app/user/me", () => {
  it("answers the user with their memberships", async () => {
    const { tokens, workspace } = await signUpWithWorkspace(t, "株式会社たすき");
    const res = await t.api.call(getMeContract, {}, { token: tokens.access_token });
    expect(res.status).toBe(200);
    expect(res.body.workspace_users).toEqual([
      {
        id: expect.any(String),
        workspace_id: workspace.id,
        role: "owner",
        status: "active",
        workspace: { id: workspace.id, name: "株式会社たすき", date_style: "gregorian" },
      },
    ]);
    expect(res.body).not.toHaveProperty("password_hash");
    expect(JSON.stringify(res.body)).not.toContain("argon2");
  });
});

describe("changing the e-mail address", () => {
  it("confirms the new address with a code and the current password, and tells the old address", async () => {
    const { email, tokens } = await signUp(t);
    const newEmail = uniqueEmail("moved");
    const token = await changeEmailToken(tokens.access_token, newEmail);
    const pending = await t.api.call(getMeContract, {}, { token: tokens.access_token });
    expect(pending.body).toMatchObject({ email, pending_email: newEmail });

    const wrong = await t.api.call(
      changeEmailContract,
      {
        body: {
          verification_token: token,
          current_password: "Not-my-password-1",
        },
      },
      { token: tokens.access_token },
    );
    expect(wrong).toMatchObject({ status: 400, body: { code: "invalid_password" } });
    // Nothing changed, and the token was not spent.
    expect((await t.api.call(getMeContract, {}, { token: tokens.access_token })).body.email).toBe(email);

    const ok = await t.api.call(
      changeEmailContract,
      {
        body: {
          verification_token: token,
          current_password: PASSWORD,
        },
      },
      { token: tokens.access_token },
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email: newEmail, pending_email: null });
    expect((await t.smtp.mailWithSubject(email, "メールアドレスが変更されました")).text).toContain(newEmail);
    expect((await t.api.call(loginWithEmailContract, { body: { email: newEmail, password: PASSWORD } })).status).toBe(
      200,
    );
    expect((await t.api.call(loginWithEmailContract, { body: { email, password: PASSWORD } })).status).toBe(401);
  });

  it("cancels a pending change with DELETE: its code stops working", async () => {
    const { tokens } = await signUp(t);
    const newEmail = uniqueEmail("cancel");
    await t.api.call(
      verificationCodeNewContract,
      {
        body: {
          email: newEmail,
          purpose: "change_email",
        },
      },
      { token: tokens.access_token },
    );
    const code = await t.smtp.codeFor(newEmail);
    const res = await t.api.call(cancelEmailChangeContract, {}, { token: tokens.access_token });
    expect(res).toMatchObject({ status: 200, body: { pending_email: null } });
    const conf = await t.api.call(verificationCodeConfContract, {
      body: {
        email: newEmail,
        code,
        purpose: "change_email",
      },
    });
    expect(conf).toMatchObject({ status: 400, body: { code: "invalid_code" } });
  });

  it("does not reveal that the new address belongs to someone else, and mails that address instead", async () => {
    const other = await signUp(t);
    const { tokens } = await signUp(t);
    const free = await signUp(t);
    const res = await t.api.call(
      verificationCodeNewContract,
      {
        body: {
          email: other.email,
          purpose: "change_email",
        },
      },
      { token: tokens.access_token },
    );
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    const mail = await t.smtp.mailWithSubject(other.email, "メールアドレス変更のお申し込みについて");
    expect(mail.text).not.toMatch(/確認コード: \d{6}/);
    // The profile answers the same as for a free address: the taken address is pending too (it can never be
    // confirmed, no code was made for it).
    expect((await t.api.call(getMeContract, {}, { token: tokens.access_token })).body.pending_email).toBe(other.email);
    const freeEmail = uniqueEmail("free");
    await t.api.call(
      verificationCodeNewContract,
      {
        body: {
          email: freeEmail,
          purpose: "change_email",
        },
      },
      { token: free.tokens.access_token },
    );
    expect((await t.api.call(getMeContract, {}, { token: free.tokens.access_token })).body.pending_email).toBe(
      freeEmail,
    );
  });

  it("refuses another user's change token", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const token = await changeEmailToken(a.tokens.access_token, uniqueEmail("stolen"));
    const res = await t.api.call(
      changeEmailContract,
      {
        body: {
          verification_token: token,
          current_password: PASSWORD,
        },
      },
      { token: b.tokens.access_token },
    );
    expect(res).toMatchObject({ status: 400, body: { code: "invalid_verification_token" } });
  });

  it("validates the body", async () => {
    const { tokens } = await signUp(t);
    const res = await t.api.raw({
      method: "POST",
      url: "/app/user/me/email",
      token: tokens.access_token,
      payload: { verification_token: 5 },
    });
    expect(res).toMatchObject({ status: 400, body: { code: "validation_error" } });
    expect((await t.api.raw({ method: "DELETE", url: "/app/user/me/email" })).status).toBe(401);
  });
});

describe("changing the password", () => {
  it("needs the current password, refuses weak ones, and signs the other sessions out", async () => {
    const { email, tokens } = await signUp(t);
    const other = await t.api.call(loginWithEmailContract, { body: { email, password: PASSWORD } });
    const wrong = await t.api.call(
      changePasswordContract,
      {
        body: {
          current_password: "nope-nope-nope",
          new_password: "Fresh-green-2026",
        },
      },
      { token: tokens.access_token },
    );
    expect(wrong).toMatchObject({ status: 400, body: { code: "invalid_password" } });
    const weak = await t.api.call(
      changePasswordContract,
      {
        body: {
          current_password: PASSWORD,
          new_password: "iloveyou",
        },
      },
      { token: tokens.access_token },
    );
    expect(weak).toMatchObject({ status: 400, body: { code: "weak_password" } });
    expect((await t.api.call(getMeContract, {}, { token: other.body.access_token })).status).toBe(200);

    const ok = await t.api.call(
      changePasswordContract,
      {
        body: {
          current_password: PASSWORD,
          new_password: "Fresh-green-2026",
        },
      },
      { token: tokens.access_token },
    );
    expect(ok.status).toBe(200);
    expect((await t.api.call(getMeContract, {}, { token: tokens.access_token })).status).toBe(200);
    expect((await t.api.call(getMeContract, {}, { token: other.body.access_token })).status).toBe(401);
    expect((await t.api.call(loginWithEmailContract, { body: { email, password: "Fresh-green-2026" } })).status).toBe(
      200,
    );
    // The notice comes from the send-mail job after the commit; the refused attempts sent none.
    await t.smtp.mailWithSubject(email, "パスワードが変更されました");
    expect(t.smtp.mailsTo(email).filter((mail) => mail.subject.includes("パスワードが変更されました"))).toHaveLength(1);
  });
});

describe("the current password", () => {
  it("counts wrong current passwords like failed logins, before checking them: a stolen session cannot guess it", async () => {
    const { email, tokens } = await signUp(t);
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        t.api.call(
          changePasswordContract,
          {
            body: {
              current_password: `Guess-${i}-password`,
              new_password: "Fresh-green-2026",
            },
          },
          { token: tokens.access_token },
        ),
      ),
    );
    const codes = answers.map((res) => `${res.status} ${(res.body as { code: string }).code}`).sort();
    expect(codes).toEqual([...Array(10).fill("400 invalid_password"), ...Array(4).fill("429 rate_limited")]);
    // The right current password is refused too until the window passes; a login is not this count's business
    // (only a holder of the account's session can send these guesses).
    expect(
      (
        await t.api.call(
          changePasswordContract,
          {
            body: {
              current_password: PASSWORD,
              new_password: "Fresh-green-2026",
            },
          },
          { token: tokens.access_token },
        )
      ).status,
    ).toBe(429);
    expect((await t.api.call(loginWithEmailContract, { body: { email, password: PASSWORD } })).status).toBe(200);
  });
});

describe("terms", () => {
  it("records agreement to the current version only", async () => {
    const { tokens } = await signUp(t);
    const old = await t.api.call(
      agreeTermsContract,
      { body: { terms_version: "2020-01-01" } },
      { token: tokens.access_token },
    );
    expect(old).toMatchObject({ status: 400, body: { code: "terms_version_mismatch" } });
    const ok = await t.api.call(
      agreeTermsContract,
      { body: { terms_version: "2026-11-01" } },
      { token: tokens.access_token },
    );
    expect(ok).toMatchObject({ status: 200, body: { terms_version: "2026-11-01", terms_current: true } });
    expect(
      (await t.api.raw({ method: "PUT", url: "/app/user/me/agree-terms", payload: { terms_version: "2026-11-01" } }))
        .status,
    ).toBe(401);
  });
});

describe("link-sns", () => {
  it("refuses a provider that is not configured", async () => {
    const { tokens } = await signUp(t);
    const res = await t.api.call(
      linkSnsContract,
      {
        body: {
          provider: "google",
          code: "x",
          state: "y",
        },
      },
      { token: tokens.access_token },
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toMatch(/^sns_/);
  });
});
