import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "tasuki-config-"));

describe("loadConfig", () => {
  it("starts on the embedded defaults and keeps a generated secret under DATA_DIR", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ port: 3000, host: "127.0.0.1", databaseUrl: undefined, smtpUrl: undefined });
    expect(config.appOrigin).toBe("http://localhost:3000");
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    const stored = JSON.parse(readFileSync(path.join(dir, "secrets.json"), "utf8"));
    expect(stored.auth_secret).toBe(config.authSecret);
    // The same secret on the next start, so sessions survive a restart.
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(config.authSecret);
  });

  it("stops with one line naming the bad variable", () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ PORT: "abc" }, /^Invalid configuration: PORT .*\(got "abc"\)$/],
      [{ PORT: "70000" }, /^Invalid configuration: PORT /],
      [{ DATABASE_URL: "mysql://x" }, /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ URL/],
      [{ SMTP_URL: "http://mail" }, /^Invalid configuration: SMTP_URL /],
      [{ APP_ORIGIN: "not a url" }, /^Invalid configuration: APP_ORIGIN /],
      [{ AUTH_SECRET: "short" }, /^Invalid configuration: AUTH_SECRET must be at least 32 characters/],
      [{ DATABASE_URL: "postgres://db/tasuki" }, /AUTH_SECRET is required when DATABASE_URL is set/],
      [{ OIDC_GOOGLE_CLIENT_ID: "id" }, /OIDC_GOOGLE_CLIENT_SECRET is required/],
      [{ OIDC_MICROSOFT_CLIENT_ID: "id", OIDC_MICROSOFT_CLIENT_SECRET: "s" }, /OIDC_MICROSOFT_ISSUER is required/],
    ];
    for (const [env, message] of cases) {
      let error: unknown;
      try {
        loadConfig({ DATA_DIR: dataDir(), ...env });
      } catch (caught) {
        error = caught;
      }
      expect(error, JSON.stringify(env)).toBeInstanceOf(ConfigError);
      expect((error as Error).message, JSON.stringify(env)).toMatch(message);
      expect((error as Error).message).not.toContain("\n");
    }
  });

  it("treats empty values as unset and enables the providers that are configured", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PORT: "",
      OIDC_GOOGLE_CLIENT_ID: "google-id",
      OIDC_GOOGLE_CLIENT_SECRET: "google-secret",
    });
    expect(config.port).toBe(3000);
    expect(config.oidcProviders).toEqual([
      {
        provider: "google",
        label: "Google",
        issuer: "https://accounts.google.com",
        clientId: "google-id",
        clientSecret: "google-secret",
      },
    ]);
  });

  it("selects an AI provider only with AI_BASE_URL, with the default model and an optional key", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), AI_API_KEY: "sk-x", AI_MODEL: "m" }).ai).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir(), AI_BASE_URL: "http://127.0.0.1:11434/v1/" }).ai).toEqual({
      baseUrl: "http://127.0.0.1:11434/v1",
      apiKey: undefined,
      model: "gpt-4o-mini",
    });
    expect(
      loadConfig({ DATA_DIR: dataDir(), AI_BASE_URL: "https://api.openai.com/v1", AI_API_KEY: "sk-x", AI_MODEL: "m" })
        .ai,
    ).toEqual({ baseUrl: "https://api.openai.com/v1", apiKey: "sk-x", model: "m" });
    expect(() => loadConfig({ DATA_DIR: dataDir(), AI_BASE_URL: "not a url" })).toThrow(/AI_BASE_URL/);
  });
});
