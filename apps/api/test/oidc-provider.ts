import { generateKeyPairSync } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type KoaContextWithOIDC } from "oidc-provider";

/** The claims a test account's ID token carries. */
export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
}

export interface TestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface TestOidcProvider {
  issuer: string;
  /** Accounts the provider knows, by subject; tests add their own. */
  accounts: Map<string, TestAccount>;
  /**
   * Plays the browser: follows the authorization URL through the provider, signs in as `subject` at the
   * login interaction, and answers the parameters of the final redirect to the client's redirect URI.
   */
  signIn(authorizationUrl: string, subject: string): Promise<{ code: string; state: string; iss: string | null }>;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on loopback: discovery, authorization with PKCE required, a token
 * endpoint issuing RS256 ID tokens. The login interaction is finished programmatically with the account the
 * test names; consent is implied for the (first-party) clients, as Google does after the first time.
 */
export async function startOidcProvider(clients: TestClient[]): Promise<TestOidcProvider> {
  const accounts = new Map<string, TestAccount>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: clients.map((client) => ({
      ...client,
      token_endpoint_auth_method: "client_secret_post",
      grant_types: ["authorization_code"],
      response_types: ["code"],
    })),
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "test-key", use: "sig", alg: "RS256" }] },
    cookies: { keys: ["test-cookie-signing-key"] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    // Put the scope's claims into the ID token, as Google, Microsoft and LINE do.
    conformIdTokenClaims: false,
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name"],
    },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ ...account }) };
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const existing = session.grantIdFor(client.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  const handle = provider.callback();

  server.on("request", (req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    if (!url.pathname.startsWith("/interaction/")) {
      handle(req, res);
      return;
    }
    // The login page: the "user" is whoever the test put in ?account=.
    (async () => {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name !== "login") throw new Error(`unexpected prompt ${details.prompt.name}`);
      const accountId = url.searchParams.get("account");
      if (!accountId || !accounts.has(accountId)) throw new Error(`unknown test account ${accountId}`);
      await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  return {
    issuer,
    accounts,
    async signIn(authorizationUrl, subject) {
      const cookies = new Map<string, string>();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop++) {
        if (url.origin !== issuer) {
          const code = url.searchParams.get("code");
          const state = url.searchParams.get("state");
          if (!code || !state) throw new Error(`provider redirected without a code: ${url.href}`);
          return { code, state, iss: url.searchParams.get("iss") };
        }
        if (url.pathname.startsWith("/interaction/")) url.searchParams.set("account", subject);
        const response = await fetch(url, {
          redirect: "manual",
          headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
        });
        for (const header of response.headers.getSetCookie()) {
          const pair = header.split(";")[0]!;
          const at = pair.indexOf("=");
          const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
          if (value === "") cookies.delete(name);
          else cookies.set(name, value);
        }
        const location = response.headers.get("location");
        if (!location) throw new Error(`${url.href} answered ${response.status}: ${await response.text()}`);
        url = new URL(location, url);
      }
      throw new Error("too many redirects at the provider");
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
