import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isValidRegistrationNumber } from "../lib/check-digit.ts";

const boolean = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

const providerEnv = (name: string, defaultIssuer?: string) => ({
  [`OIDC_${name}_CLIENT_ID`]: z.string().min(1).optional(),
  [`OIDC_${name}_CLIENT_SECRET`]: z.string().min(1).optional(),
  [`OIDC_${name}_ISSUER`]: defaultIssuer ? z.url().default(defaultIssuer) : z.url().optional(),
});

/** Every setting of the server. Parsed once at start; nothing else reads process.env. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // A request that found no free connection within a second is told to come back (503, Retry-After) rather than kept
  // waiting: at 200 connections on the embedded server this bounds every answer under 2 s (decision 0012).
  DATABASE_POOL_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(1000),
  DATABASE_PARALLEL_WORKERS: z.coerce.number().int().min(-1).max(64).default(0),
  MAX_REQUESTS_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(100),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  APP_ORIGIN: z.url().optional(),
  TRUST_PROXY: boolean.default(false),
  AUTH_IP_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  INVITATION_DAILY_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(500),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Tasuki <no-reply@tasuki.localhost>"),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_FILE: z.string().optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  WEB_DIST_DIR: z.string().optional(),
  TERMS_VERSION: z.string().min(1).default("2026-11-01"),
  LINK_CONTACT_URL: z.url().default("https://tasuki.example.jp/contact"),
  LINK_TERMS_URL: z.url().default("https://tasuki.example.jp/terms.pdf"),
  LINK_PRIVACY_URL: z.url().default("https://tasuki.example.jp/privacy"),
  LINK_COMPANY_URL: z.url().default("https://tasuki.example.jp/company"),
  LINK_MANUAL_URL: z.url().default("https://tasuki.example.jp/blog"),
  ...providerEnv("GOOGLE", "https://accounts.google.com"),
  ...providerEnv("LINE", "https://access.line.me"),
  // Microsoft's issuer is per tenant (https://login.microsoftonline.com/<tenant>/v2.0), so it has no default.
  ...providerEnv("MICROSOFT"),
  OIDC_ALLOW_INSECURE_ISSUER: boolean.default(false),
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z.url().optional(),
  INVOICE_ISSUER_NAME: z.string().min(1).optional(),
  INVOICE_REGISTRATION_NUMBER: z
    .string()
    .refine(isValidRegistrationNumber, "must be T + 13 digits with a valid check digit")
    .optional(),
  INVOICE_ISSUER_ADDRESS: z.string().min(1).optional(),
  INVOICE_BANK_ACCOUNT: z.string().min(1).optional(),
  SLACK_CLIENT_ID: z.string().min(1).optional(),
  SLACK_CLIENT_SECRET: z.string().min(1).optional(),
  SLACK_API_URL: z.url().default("https://slack.com/api/"),
  SLACK_AUTHORIZE_URL: z.url().default("https://slack.com/oauth/v2/authorize"),
  SLACK_OPENID_AUTHORIZE_URL: z.url().default("https://slack.com/openid/connect/authorize"),
  CHATWORK_CLIENT_ID: z.string().min(1).optional(),
  CHATWORK_CLIENT_SECRET: z.string().min(1).optional(),
  CHATWORK_API_URL: z.url().default("https://api.chatwork.com/v2"),
  CHATWORK_AUTHORIZE_URL: z.url().default("https://www.chatwork.com/packages/oauth2/login.php"),
  CHATWORK_TOKEN_URL: z.url().default("https://oauth.chatwork.com/token"),
  ATTACHMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(20 * 1024 * 1024),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PREFIX: z
    .string()
    .regex(/^([0-9a-z-]+\/)*$/, "must be empty or folders ending with / (lower-case letters, digits, -)")
    .default(""),
});

export const snsProviderNames = ["google", "line", "microsoft"] as const;
export type SnsProviderName = (typeof snsProviderNames)[number];

export interface OidcProviderConfig {
  provider: SnsProviderName;
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** An OpenAI-compatible chat server; without one the deterministic template generator writes descriptions. */
export interface AiConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** Milliseconds before a call counts as failed; 20 s unless set (tests set a short one). */
  timeoutMs?: number;
}

/** Payments (Stripe when its secret key is set, else the local provider) and the invoices' issuer. */
export interface BillingConfig {
  stripe: {
    secretKey: string;
    publishableKey: string | undefined;
    webhookSecret: string | undefined;
    apiUrl: string | undefined;
  } | null;
  issuer: { name: string; registrationNumber: string; address: string };
  /** Printed on bank-transfer invoices (振込先). */
  bankAccount: string;
}

export const defaultBillingConfig: BillingConfig = {
  stripe: null,
  issuer: {
    name: "Tasuki株式会社",
    // A number with a valid check digit for the embedded default; production sets its own.
    registrationNumber: "T2000012345678",
    address: "東京都千代田区丸の内1-1-1",
  },
  bankAccount: "みずほ銀行 東京営業部 普通 1234567 タスキ（カ",
};

/**
 * Slack and Chatwork apps of the operator (docs/operations.md). A service without its client id and secret
 * is not offered; the base URLs point tests and e2e at local servers speaking the providers' APIs.
 */
export interface IntegrationsConfig {
  slack: {
    clientId: string;
    clientSecret: string;
    apiUrl: string;
    authorizeUrl: string;
    /** Sign in with Slack (OpenID Connect): a person links their own Slack account. */
    openidAuthorizeUrl: string;
  } | null;
  chatwork: {
    clientId: string;
    clientSecret: string;
    apiUrl: string;
    authorizeUrl: string;
    tokenUrl: string;
  } | null;
}

/** An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, さくらのクラウド…), addressed path-style. */
export interface S3Config {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Put before every key (`tasuki/`), so that one bucket can hold several installations. */
  prefix: string;
}

export interface Config {
  env: "development" | "test" | "production";
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** How long a request may wait for a free database connection before it is answered 503 (overload). */
  databasePoolTimeoutMs: number;
  /** max_parallel_workers_per_gather of the API's connections; -1 leaves the server's own setting. */
  databaseParallelWorkers: number;
  /** Requests handled at once; beyond, 503 with Retry-After (plugins/overload.ts). */
  maxRequestsInFlight: number;
  /** On SIGTERM, how long /readyz fails while the server still serves, before it drains and closes. */
  shutdownDelayMs: number;
  appOrigin: string;
  trustProxy: boolean;
  /** Multiplies the per-address (IP) limits of sign-up codes, logins and resets: one office behind one NAT. */
  authIpLimitScale: number;
  /** Invitation mails one workspace may send a day (staff invitations, re-sends, imports). */
  invitationDailyLimit: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string;
  logLevel: string;
  /** LOG_FILE as set: a path, `-` (stdout), or undefined (lib/log-destination.ts decides by the terminal). */
  logFile?: string | undefined;
  bodyLimit: number;
  webDistDir: string | undefined;
  termsVersion: string;
  links: { contact: string; terms: string; privacy: string; company: string; manual: string };
  oidcProviders: OidcProviderConfig[];
  oidcAllowInsecureIssuer: boolean;
  ai: AiConfig | null;
  /** Absent in tests that do not set it: `defaultBillingConfig` applies. */
  billing?: BillingConfig;
  /** Absent (or a service null): that service is not configured, and its pages say how to enable it. */
  integrations?: IntegrationsConfig;
  /** Uploaded files (images, attachments) go to this bucket; absent or null: DATA_DIR (storage/create-storage.ts). */
  s3?: S3Config | null;
  /** The largest task attachment, in bytes (20 MB unless set). */
  attachmentMaxBytes?: number;
}

export class ConfigError extends Error {}

const englishErrors = z.locales.en().localeError;

const providerLabels: Record<SnsProviderName, string> = { google: "Google", line: "LINE", microsoft: "Microsoft" };

/** Reads the secret kept under DATA_DIR for the embedded default, making it on first start. */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, "secrets.json");
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as { auth_secret?: string };
    if (stored.auth_secret && stored.auth_secret.length >= 32) return stored.auth_secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, JSON.stringify({ auth_secret: secret }, null, 2), { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, as in most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  // Operators read these lines: English, whatever locale the API speaks to users.
  const parsed = envSchema.safeParse(cleaned, { error: englishErrors });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const got = cleaned[name];
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message}${got === undefined ? "" : ` (got "${got}")`}`,
    );
  }
  const e = parsed.data as z.infer<typeof envSchema> & Record<string, unknown>;
  const dataDir = path.resolve(e.DATA_DIR);

  let authSecret = e.AUTH_SECRET;
  if (!authSecret) {
    if (e.DATABASE_URL) {
      // Several instances share one database: a secret generated per machine would break their tokens.
      throw new ConfigError("Invalid configuration: AUTH_SECRET is required when DATABASE_URL is set (32+ characters)");
    }
    authSecret = embeddedSecret(dataDir);
  }

  let s3: S3Config | null = null;
  if (e.S3_BUCKET) {
    if (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
      throw new ConfigError(
        "Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with S3_BUCKET",
      );
    }
    s3 = {
      endpoint: (e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`).replace(/\/+$/, ""),
      region: e.S3_REGION,
      bucket: e.S3_BUCKET,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      prefix: e.S3_PREFIX,
    };
  }

  const oidcProviders: OidcProviderConfig[] = [];
  for (const provider of snsProviderNames) {
    const key = provider.toUpperCase();
    const clientId = e[`OIDC_${key}_CLIENT_ID`] as string | undefined;
    if (!clientId) continue;
    const clientSecret = e[`OIDC_${key}_CLIENT_SECRET`] as string | undefined;
    const issuer = e[`OIDC_${key}_ISSUER`] as string | undefined;
    if (!clientSecret)
      throw new ConfigError(`Invalid configuration: OIDC_${key}_CLIENT_SECRET is required with OIDC_${key}_CLIENT_ID`);
    if (!issuer)
      throw new ConfigError(`Invalid configuration: OIDC_${key}_ISSUER is required with OIDC_${key}_CLIENT_ID`);
    oidcProviders.push({ provider, label: providerLabels[provider], issuer, clientId, clientSecret });
  }

  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePoolTimeoutMs: e.DATABASE_POOL_TIMEOUT_MS,
    databaseParallelWorkers: e.DATABASE_PARALLEL_WORKERS,
    maxRequestsInFlight: e.MAX_REQUESTS_IN_FLIGHT,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    appOrigin: (e.APP_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    trustProxy: e.TRUST_PROXY,
    authIpLimitScale: e.AUTH_IP_LIMIT_SCALE,
    invitationDailyLimit: e.INVITATION_DAILY_LIMIT,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    authSecret,
    logLevel: e.LOG_LEVEL,
    logFile: e.LOG_FILE,
    bodyLimit: e.BODY_LIMIT_BYTES,
    webDistDir: e.WEB_DIST_DIR,
    termsVersion: e.TERMS_VERSION,
    links: {
      contact: e.LINK_CONTACT_URL,
      terms: e.LINK_TERMS_URL,
      privacy: e.LINK_PRIVACY_URL,
      company: e.LINK_COMPANY_URL,
      manual: e.LINK_MANUAL_URL,
    },
    oidcProviders,
    oidcAllowInsecureIssuer: e.OIDC_ALLOW_INSECURE_ISSUER,
    // A key or model alone selects nothing: the base URL is what makes a provider.
    billing: {
      stripe: e.STRIPE_SECRET_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL,
          }
        : null,
      issuer: {
        name: e.INVOICE_ISSUER_NAME ?? defaultBillingConfig.issuer.name,
        registrationNumber: e.INVOICE_REGISTRATION_NUMBER ?? defaultBillingConfig.issuer.registrationNumber,
        address: e.INVOICE_ISSUER_ADDRESS ?? defaultBillingConfig.issuer.address,
      },
      bankAccount: e.INVOICE_BANK_ACCOUNT ?? defaultBillingConfig.bankAccount,
    },
    integrations: {
      slack:
        e.SLACK_CLIENT_ID && e.SLACK_CLIENT_SECRET
          ? {
              clientId: e.SLACK_CLIENT_ID,
              clientSecret: e.SLACK_CLIENT_SECRET,
              apiUrl: e.SLACK_API_URL.endsWith("/") ? e.SLACK_API_URL : `${e.SLACK_API_URL}/`,
              authorizeUrl: e.SLACK_AUTHORIZE_URL,
              openidAuthorizeUrl: e.SLACK_OPENID_AUTHORIZE_URL,
            }
          : null,
      chatwork:
        e.CHATWORK_CLIENT_ID && e.CHATWORK_CLIENT_SECRET
          ? {
              clientId: e.CHATWORK_CLIENT_ID,
              clientSecret: e.CHATWORK_CLIENT_SECRET,
              apiUrl: e.CHATWORK_API_URL.replace(/\/+$/, ""),
              authorizeUrl: e.CHATWORK_AUTHORIZE_URL,
              tokenUrl: e.CHATWORK_TOKEN_URL,
            }
          : null,
    },
    ai: e.AI_BASE_URL ? { baseUrl: e.AI_BASE_URL.replace(/\/+$/, ""), apiKey: e.AI_API_KEY, model: e.AI_MODEL } : null,
    s3,
    attachmentMaxBytes: e.ATTACHMENT_MAX_BYTES,
  };
}
