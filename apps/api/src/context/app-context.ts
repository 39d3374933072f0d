import type { AiProvider } from "../ai/ai-provider.ts";
import type { Config } from "../config/config.ts";
import type { Database, Db } from "../db/client.ts";
import type { Integrations } from "../integrations/integration-provider.ts";
import type { Jobs } from "../jobs/jobs.ts";
import type { AuthKeys } from "../lib/tokens.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { PaymentProvider } from "../payments/payment-provider.ts";
import type { ObjectStorage } from "../storage/object-storage.ts";

/** What every service needs, built once at start and passed down; tests build their own. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  keys: AuthKeys;
  /** Writes generated texts: the configured chat server, or the template generator without one. */
  ai: AiProvider;
  /** Background jobs: enqueue in a transaction, recurring schedules (jobs/jobs.ts). */
  jobs: Jobs;
  /** Cards and charges: Stripe when configured, else the local provider (payments/). */
  payments: PaymentProvider;
  /** Slack and Chatwork (when configured) and the box that seals their tokens (integrations/). */
  integrations: Integrations;
  /** Uploaded files: an S3-compatible bucket when configured, else DATA_DIR (storage/create-storage.ts). */
  storage: ObjectStorage;
  /** The clock: tests inject a fixed one. */
  now: () => Date;
  /** Set when the server is shutting down: /readyz fails so that a load balancer stops sending requests. */
  lifecycle: { draining: boolean };
}
