import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOidcProvider, type TestAccount, type TestOidcProvider } from "../../../test/oidc-provider.ts";
import { call, createTestApp, PASSWORD, signUp, type TestApp, uniqueEmail } from "../../../test/test-app.ts";

const REDIRECT_URI = "http://localhost:3000/auth/sns/callback";
const clients = {
  google: { client_id: "tasuki-google", client_secret: "google-secret-0123456789" },
  line: { client_id: "tasuki-line", client_secret: "line-secret-0123456789" },
};

let op: TestOidcProvider;
let t: TestApp;

beforeAll(async () => {
  op = await startOidcProvider(Object.values(clients).map((client) => ({ ...client, redirect_uris: [REDIRECT_URI] })));
  // Both providers point at the one loopback issuer, each with its own client; Microsoft stays unconfigured.
  t = await createTestApp({
    config: {
      appOrigin: "http://localhost:3000",
      oidcAllowInsecureIssuer: true,
      oidcProviders: [
        {
          provider: "google",
          label: "Google",
          issuer: op.issuer,
          clientId: clients.google.client_id,
          clientSecret: clients.google.client_secret,
        },
        {
          provider: "line",
          label: "LINE",
          issuer: op.issuer,
          clientId: clients.line.client_id,
          clientSecret: clients.line.client_secret,
        },
      ],
    },
  });
});
afterAll(async () => {
  await t?.close();
  await op?.close();
});

type Provider = "google" | "line" | "microsoft";
type Purpose = "login" | "signup" | "link";

const api = (method: "GET" | "POST", url: string, token?: string, payload?: object) =>
  call(t.app, { method, url, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });

let accountCounter = 0;
/** A new account at the provider, with a verified address unless the test says otherwise. */
function account(claims: Partial<TestAccount> = {}): TestAccount {
  accountCounter += 1;
  const created: TestAccount = {
    sub: `subject-${Date.now().toString(36)}-${accountCounter}`,
    email: uniqueEmail("sns"),
    email_verified: true,
    family_name: "佐藤",
    given_name: "花子",
    ...claims,
  };
  op.accounts.set(created.sub, created);
  return created;
}

/** What the web app does: ask our API for the URL, send the user through the provider, collect the callback. */
async function providerAnswer(
  provider: Provider,
  purpose: Purpose,
  subject: string,
  options: { token?: string; agree?: boolean } = {},
) {
  const started = await api("POST", "/app/auth/sns/authorize", options.token, {
    provider,
    purpose,
    ...(purpose === "signup" ? { agree_terms: options.agree ?? true } : {}),
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const url = new URL(started.body.url);
  expect(url.origin).toBe(op.issuer);
  expect(url.searchParams.get("redirect_uri")).toBe(REDIRECT_URI);
  expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  expect(url.searchParams.get("scope")).toBe("openid email profile");
  const answer = await op.signIn(started.body.url, subject);
  expect(answer.iss).toBe(op.issuer);
  return { provider, code: answer.code, state: answer.state };
}

const signupWithSns = (body: object) => api("POST", "/app/auth/signup-with-sns", undefined, body);
const loginWithSns = (body: object) => api("POST", "/app/auth/login-with-sns", undefined, body);
const linkSns = (token: string | undefined, body: object) => api("POST", "/app/user/me/link-sns", token, body);

function expectTokenSet(body: Record<string, unknown>) {
  expect(body).toEqual({
    access_token: expect.any(String),
    refresh_token: expect.any(String),
    realtime_token: expect.any(String),
    expires_in: expect.any(Number),
  });
}

function expectError(res: { status: number; body: Record<string, unknown> }, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ message: expect.any(String), dev_message: expect.any(String), code });
  // The message is shown to the user as is: Japanese.
  expect(res.body.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
}

describe("configured providers", () => {
  it("are listed by /app/auth/sns/providers and /app/client-config", async () => {
    const expected = [
      { provider: "google", label: "Google" },
      { provider: "line", label: "LINE" },
    ];
    const list = await api("GET", "/app/auth/sns/providers");
    expect(list).toMatchObject({ status: 200, body: { items: expected } });
    const config = await api("GET", "/app/client-config");
    expect(config.status).toBe(200);
    expect(config.body.sns_providers).toEqual(expected);
  });

  it("authorize refuses a provider that is not configured", async () => {
    const res = await api("POST", "/app/auth/sns/authorize", undefined, { provider: "microsoft", purpose: "login" });
    expectError(res, 400, "sns_provider_unavailable");
  });

  it("a provider that cannot be reached answers 503 with the error body, not 500", async () => {
    const closed = await createTestApp({
      config: {
        oidcProviders: [
          { provider: "google", label: "Google", issuer: "http://127.0.0.1:9", clientId: "x", clientSecret: "y" },
        ],
      },
    });
    try {
      const res = await call(closed.app, {
        method: "POST",
        url: "/app/auth/sns/authorize",
        payload: { provider: "google", purpose: "login" },
      });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        message: expect.any(String),
        dev_message: expect.any(String),
        code: "sns_provider_unreachable",
      });
    } finally {
      await closed.close();
    }
  });

  it("authorize for sign-up needs the terms agreed", async () => {
    const res = await api("POST", "/app/auth/sns/authorize", undefined, { provider: "google", purpose: "signup" });
    expectError(res, 400, "terms_not_agreed");
    const refused = await api("POST", "/app/auth/sns/authorize", undefined, {
      provider: "google",
      purpose: "signup",
      agree_terms: false,
    });
    expectError(refused, 400, "terms_not_agreed");
  });

  it("authorize for linking needs a signed-in user", async () => {
    const res = await api("POST", "/app/auth/sns/authorize", undefined, { provider: "google", purpose: "link" });
    expectError(res, 401, "unauthorized");
  });
});

describe("sign-up and sign-in with a provider", () => {
  it("signs up, shows the link on /me, signs in again and renews", async () => {
    const person = account({ family_name: "佐藤", given_name: "花子" });
    const signup = await signupWithSns(await providerAnswer("google", "signup", person.sub));
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    expectTokenSet(signup.body);

    const me = await api("GET", "/app/user/me", signup.body.access_token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: person.email,
      last_name: "佐藤",
      first_name: "花子",
      last_name_kana: "",
      first_name_kana: "",
      has_password: false,
      terms_version: "2026-11-01",
      terms_current: true,
      sns_links: [{ provider: "google", email: person.email, linked_at: expect.any(String) }],
    });

    const login = await loginWithSns(await providerAnswer("google", "login", person.sub));
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expectTokenSet(login.body);
    const again = await api("GET", "/app/user/me", login.body.access_token);
    expect(again.body.id).toBe(me.body.id);

    const renewed = await api("POST", "/app/auth/renew-token", undefined, { refresh_token: login.body.refresh_token });
    expect(renewed.status).toBe(200);
    expectTokenSet(renewed.body);
    expect((await api("GET", "/app/user/me", renewed.body.access_token)).body.id).toBe(me.body.id);
  });

  it("signing up again with a linked account just signs in", async () => {
    const person = account();
    const first = await signupWithSns(await providerAnswer("google", "signup", person.sub));
    expect(first.status).toBe(201);
    const second = await signupWithSns(await providerAnswer("google", "signup", person.sub));
    expect(second.status).toBe(201);
    const [a, b] = await Promise.all([
      api("GET", "/app/user/me", first.body.access_token),
      api("GET", "/app/user/me", second.body.access_token),
    ]);
    expect(b.body.id).toBe(a.body.id);
    expect(b.body.sns_links).toHaveLength(1);
  });

  it("takes the name from `name` when the provider sends no family/given name", async () => {
    const japanese = account({ family_name: undefined, given_name: undefined, name: "山田　太郎" });
    const western = account({ family_name: undefined, given_name: undefined, name: "Taro Yamada" });
    const nameless = account({ family_name: undefined, given_name: undefined, email: uniqueEmail("nanashi") });
    const names = [];
    for (const person of [japanese, western, nameless]) {
      const res = await signupWithSns(await providerAnswer("line", "signup", person.sub));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const me = await api("GET", "/app/user/me", res.body.access_token);
      names.push([me.body.last_name, me.body.first_name]);
    }
    expect(names).toEqual([
      ["山田", "太郎"],
      ["Yamada", "Taro"],
      ["未設定", nameless.email!.split("@")[0]],
    ]);
  });

  it("an account that is not linked cannot sign in", async () => {
    const stranger = account();
    const res = await loginWithSns(await providerAnswer("google", "login", stranger.sub));
    expectError(res, 404, "sns_account_not_linked");
    expect(res.body.message).toContain("マイページ");
  });

  it("never links by e-mail: a provider account with a registered address is not signed in", async () => {
    const { email } = await signUp(t);
    const sameAddress = account({ email });
    const res = await loginWithSns(await providerAnswer("google", "login", sameAddress.sub));
    expectError(res, 404, "sns_account_not_linked");
  });

  it("sign-up with a verified address that is taken answers 409 and writes nothing", async () => {
    const { email, tokens } = await signUp(t);
    const sameAddress = account({ email: email.toUpperCase() });
    const res = await signupWithSns(await providerAnswer("google", "signup", sameAddress.sub));
    expectError(res, 409, "email_taken");
    expect(res.body.message).toContain("マイページ");

    // No identity was written: the provider account still signs nobody in …
    expectError(
      await loginWithSns(await providerAnswer("google", "login", sameAddress.sub)),
      404,
      "sns_account_not_linked",
    );
    // … and the e-mail account is as it was.
    const me = await api("GET", "/app/user/me", tokens.access_token);
    expect(me.body).toMatchObject({ email, sns_links: [] });
    const login = await api("POST", "/app/auth/login-with-email", undefined, { email, password: PASSWORD });
    expect(login.status).toBe(200);
  });

  it("sign-up needs a verified address from the provider", async () => {
    const unverified = account({ email_verified: false });
    expectError(
      await signupWithSns(await providerAnswer("google", "signup", unverified.sub)),
      400,
      "sns_email_unverified",
    );
    const noAddress = account({ email: undefined, email_verified: undefined });
    expectError(await signupWithSns(await providerAnswer("google", "signup", noAddress.sub)), 400, "sns_email_missing");
    // Nothing was created for either.
    expectError(
      await loginWithSns(await providerAnswer("google", "login", unverified.sub)),
      404,
      "sns_account_not_linked",
    );
  });
});

describe("state and code checks", () => {
  it("a state works once", async () => {
    const person = account();
    const answer = await providerAnswer("google", "signup", person.sub);
    expect((await signupWithSns(answer)).status).toBe(201);
    expectError(await signupWithSns(answer), 400, "invalid_sns_state");

    const login = await providerAnswer("google", "login", person.sub);
    expect((await loginWithSns(login)).status).toBe(200);
    expectError(await loginWithSns(login), 400, "invalid_sns_state");
  });

  it("a state from another provider or purpose is refused, and stays usable for its own", async () => {
    const person = account();
    const signup = await providerAnswer("google", "signup", person.sub);
    expectError(await signupWithSns({ ...signup, provider: "line" }), 400, "invalid_sns_state");
    expectError(await loginWithSns(signup), 400, "invalid_sns_state");
    // The failures changed nothing: the state still works where it belongs.
    expect((await signupWithSns(signup)).status).toBe(201);
  });

  it("an unknown state is refused", async () => {
    const person = account();
    const answer = await providerAnswer("google", "login", person.sub);
    expectError(await loginWithSns({ ...answer, state: "not-a-state-we-issued" }), 400, "invalid_sns_state");
  });

  it("a tampered code fails at the provider with 400 sns_exchange_failed, not 500", async () => {
    const person = account();
    const answer = await providerAnswer("google", "signup", person.sub);
    expectError(await signupWithSns({ ...answer, code: `${answer.code}x` }), 400, "sns_exchange_failed");
    expectError(await signupWithSns({ ...answer, code: "garbage" }), 400, "sns_exchange_failed");
    // Nothing was written: the account is still unknown.
    expectError(await loginWithSns(await providerAnswer("google", "login", person.sub)), 404, "sns_account_not_linked");
  });

  it("a code paired with another request's state fails the PKCE check", async () => {
    const person = account();
    const first = await providerAnswer("google", "signup", person.sub);
    const second = await providerAnswer("google", "signup", person.sub);
    // The state (and so the PKCE verifier) of the second request with the code of the first.
    expectError(await signupWithSns({ ...second, code: first.code }), 400, "sns_exchange_failed");
  });

  it("a state expires after 10 minutes", async () => {
    const person = account();
    const answer = await providerAnswer("google", "signup", person.sub);
    t.advance(10 * 60 * 1000 + 1000);
    expectError(await signupWithSns(answer), 400, "invalid_sns_state");
  });
});

describe("linking a provider account from マイページ", () => {
  it("links to a signed-in e-mail user, who can then sign in with it", async () => {
    const { email, tokens } = await signUp(t);
    const person = account({ email: uniqueEmail("other-address") });
    const linked = await linkSns(
      tokens.access_token,
      await providerAnswer("line", "link", person.sub, { token: tokens.access_token }),
    );
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body).toMatchObject({
      email,
      has_password: true,
      sns_links: [{ provider: "line", email: person.email, linked_at: expect.any(String) }],
    });

    const login = await loginWithSns(await providerAnswer("line", "login", person.sub));
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const me = await api("GET", "/app/user/me", login.body.access_token);
    expect(me.body.email).toBe(email);

    // Linking the same account again is harmless.
    const again = await linkSns(
      tokens.access_token,
      await providerAnswer("line", "link", person.sub, { token: tokens.access_token }),
    );
    expect(again.status).toBe(200);
    expect(again.body.sns_links).toHaveLength(1);
  });

  it("refuses an account that belongs to someone else", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const person = account();
    const first = await linkSns(
      owner.tokens.access_token,
      await providerAnswer("google", "link", person.sub, { token: owner.tokens.access_token }),
    );
    expect(first.status).toBe(200);
    const res = await linkSns(
      other.tokens.access_token,
      await providerAnswer("google", "link", person.sub, { token: other.tokens.access_token }),
    );
    expectError(res, 409, "sns_already_linked");
    expect((await api("GET", "/app/user/me", other.tokens.access_token)).body.sns_links).toEqual([]);
  });

  it("refuses a state that another user started", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const person = account();
    const answer = await providerAnswer("google", "link", person.sub, { token: a.tokens.access_token });
    expectError(await linkSns(b.tokens.access_token, answer), 400, "invalid_sns_state");
    // Still usable by the user who started it.
    expect((await linkSns(a.tokens.access_token, answer)).status).toBe(200);
  });

  it("needs a bearer token", async () => {
    const person = account();
    const { tokens } = await signUp(t);
    const answer = await providerAnswer("google", "link", person.sub, { token: tokens.access_token });
    expectError(await linkSns(undefined, answer), 401, "unauthorized");
  });

  it("refuses a sign-in state", async () => {
    const { tokens } = await signUp(t);
    const person = account();
    const answer = await providerAnswer("google", "login", person.sub);
    expectError(await linkSns(tokens.access_token, answer), 400, "invalid_sns_state");
  });
});
