import { cutText } from "@tasuki/contract/common/cut-text";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { ProviderRateLimitedError, ProviderTokenRejectedError } from "../../integrations/integration-provider.ts";
import { permissionsOf } from "../../lib/permissions.ts";
import { enqueueDeliveryJobs } from "./external-delivery-plan.ts";
import {
  blockRateKey,
  breakConnection,
  claimDelivery,
  type DeliveryRow,
  findConnection,
  findLink,
  finishDelivery,
  isRateKeyBlocked,
  type LinkRow,
  listActiveStaffRoles,
  noteSent,
  reserveRateSlot,
  stopDeliveries,
  takeSendMoment,
  updateLink,
} from "./external-service.repository.ts";
import { chatworkOf, slackOf, withConnectionToken, withLinkToken } from "./external-token.ts";

/**
 * Slack: about one message a second per channel. Chatwork: 300 requests per 5 minutes per account and 10
 * posts per 10 s per room, both one a second on average: one slot a second per account keeps under both.
 */
export const SLACK_CHANNEL_INTERVAL_MS = 1000;
export const CHATWORK_ACCOUNT_INTERVAL_MS = 1000;
/** Tries before a delivery is given up (about 4 hours of back-off); 429s and rate waits do not count. */
export const MAX_DELIVERY_ATTEMPTS = 8;
const BACKOFF_BASE_SECONDS = 30;
const BACKOFF_MAX_SECONDS = 3600;

/** The rate key of a delivery: the Slack channel of the connection, or the Chatwork account that posts. */
function rateKeyOf(
  row: DeliveryRow,
  link: LinkRow | null,
  accountId: string | null,
): { key: string; intervalMs: number } {
  if (row.service === "slack") {
    return { key: `slack:${row.connectionId}:${row.channelId}`, intervalMs: SLACK_CHANNEL_INTERVAL_MS };
  }
  return {
    key: `chatwork:${link ? link.externalUserId : (accountId ?? row.connectionId)}`,
    intervalMs: CHATWORK_ACCOUNT_INTERVAL_MS,
  };
}

const backoffSeconds = (attempts: number) =>
  Math.min(BACKOFF_MAX_SECONDS, BACKOFF_BASE_SECONDS * 2 ** Math.max(0, attempts - 1));

/**
 * Tells these staff in the app that the workspace's connection to a service stopped: the notification module's
 * notifyIntegrationBroken, handed in by the composition root (compose-jobs.ts). Notices stand on this module (it
 * plans their Slack / Chatwork copies), so it cannot import them back.
 */
export type ConnectionBrokenNotice = (
  ctx: AppContext,
  tx: DbOrTx,
  workspaceId: string,
  service: "slack" | "chatwork",
  staffIds: string[],
) => Promise<void>;

export type DeliveryOutcome = "sent" | "skipped" | "waiting" | "rate_limited" | "retry" | "failed" | "stopped";

/**
 * Sends one delivery, at most once: it is claimed (`pending` → `sending`) in one statement before the
 * provider is called, so a duplicated job or a second instance finds nothing to do. A send cut off by a
 * crash stays `sending` and is never repeated (no provider offers an idempotency key). Waiting for a rate
 * slot, a 429 and a retry all put it back to `pending` with a new job at the right time.
 */
export async function runDelivery(
  ctx: AppContext,
  deliveryId: string,
  tellAdmins?: ConnectionBrokenNotice,
): Promise<DeliveryOutcome> {
  const now = ctx.now();
  const row = await claimDelivery(ctx.db, deliveryId, now);
  if (!row) return "skipped";
  const connection = await findConnection(ctx.db, row.workspaceId, row.connectionId);
  const link = row.linkId ? await findLink(ctx.db, row.workspaceId, row.linkId) : null;
  if (connection?.state !== "active" || (row.linkId && link?.state !== "active")) {
    await finishDelivery(ctx.db, row.id, { state: "stopped" });
    return "stopped";
  }
  const { key, intervalMs } = rateKeyOf(row, link, connection.externalId);
  // A delivery back at the slot it reserved sends without reserving again (else each wake-up would queue it
  // behind newer ones), unless a 429 came since.
  const holdsSlot =
    row.slotAt !== null && row.slotAt.getTime() <= now.getTime() && !(await isRateKeyBlocked(ctx.db, key, now));
  if (!holdsSlot) {
    const slot = await reserveRateSlot(ctx.db, key, intervalMs, now);
    if (slot.getTime() > now.getTime()) {
      await putBack(ctx, row, slot, { attempts: row.attempts - 1, slotAt: slot });
      return "waiting";
    }
  }
  // The slot says whose turn it is; the real time of the key's last post says whether it may go now (a
  // delivery that woke late must not be followed by the next one on time, under the interval).
  const retryAt = await takeSendMoment(ctx.db, key, intervalMs, now);
  if (retryAt) {
    await putBack(ctx, row, retryAt, { attempts: row.attempts - 1, slotAt: retryAt });
    return "waiting";
  }
  try {
    if (row.service === "slack") {
      await withConnectionToken(ctx, connection, (token) =>
        slackOf(ctx).postMessage(token, { channel: row.channelId, text: row.text, url: row.url }),
      );
    } else {
      // A person's notice is posted in their own マイチャット with their token, left unread so that they see it.
      const post = (token: string) =>
        chatworkOf(ctx).postMessage(token, {
          channel: row.channelId,
          text: row.text,
          url: row.url,
          selfUnread: link !== null,
        });
      await (link ? withLinkToken(ctx, link, post) : withConnectionToken(ctx, connection, post));
    }
  } catch (error) {
    return handleFailure(ctx, row, link, key, error, tellAdmins);
  }
  await noteSent(ctx.db, key, ctx.now());
  await finishDelivery(ctx.db, row.id, { state: "sent", sentAt: ctx.now(), lastError: null, slotAt: null });
  return "sent";
}

async function putBack(
  ctx: AppContext,
  row: DeliveryRow,
  at: Date,
  values: { attempts?: number; lastError?: string; slotAt?: Date },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await finishDelivery(tx, row.id, { state: "pending", nextAttemptAt: at, slotAt: null, ...values });
    await enqueueDeliveryJobs(ctx, tx, [row.id], at);
  });
}

async function handleFailure(
  ctx: AppContext,
  row: DeliveryRow,
  link: LinkRow | null,
  key: string,
  error: unknown,
  tellAdmins: ConnectionBrokenNotice | undefined,
): Promise<DeliveryOutcome> {
  const now = ctx.now();
  if (error instanceof ProviderRateLimitedError) {
    // Nothing was posted: the key waits out its Retry-After for every instance, and this delivery with it.
    const until = new Date(now.getTime() + error.retryAfterSeconds * 1000);
    await blockRateKey(ctx.db, key, until);
    await putBack(ctx, row, until, { attempts: row.attempts - 1, lastError: "rate_limited" });
    return "rate_limited";
  }
  if (error instanceof ProviderTokenRejectedError) {
    await ctx.db.transaction(async (tx) => {
      await finishDelivery(tx, row.id, { state: "stopped", lastError: error.reason });
      if (link && row.service === "chatwork") {
        // The person's own Chatwork token: only their link breaks; they relink on their page.
        await updateLink(tx, row.workspaceId, link.id, { state: "broken" });
        await stopDeliveries(tx, row.connectionId, link.id);
      } else {
        await markConnectionBroken(ctx, tx, row.workspaceId, row.connectionId, error.reason, tellAdmins);
      }
    });
    return "stopped";
  }
  const reason = error instanceof Error ? cutText(error.message, 200) : "unknown error";
  if (row.attempts >= MAX_DELIVERY_ATTEMPTS) {
    await finishDelivery(ctx.db, row.id, { state: "failed", lastError: reason });
    return "failed";
  }
  await putBack(ctx, row, new Date(now.getTime() + backoffSeconds(row.attempts) * 1000), { lastError: reason });
  return "retry";
}

/**
 * The provider refused the workspace's token: the connection is broken, its waiting deliveries stop (the
 * in-app notices stay), and everyone who may manage integrations hears of it in the app, once (`tellAdmins`:
 * the job always hands it in; the pacing tests that call runDelivery themselves never break a connection).
 */
export async function markConnectionBroken(
  ctx: AppContext,
  tx: DbOrTx,
  workspaceId: string,
  connectionId: string,
  reason: string,
  tellAdmins: ConnectionBrokenNotice | undefined,
): Promise<void> {
  const connection = await findConnection(tx, workspaceId, connectionId);
  if (!connection || !(await breakConnection(tx, workspaceId, connectionId, reason, ctx.now()))) return;
  await stopDeliveries(tx, connectionId);
  if (!tellAdmins) return;
  const staff = await listActiveStaffRoles(tx, workspaceId);
  const admins = staff.filter((person) =>
    permissionsOf(person.role, person.authorityRules).includes("manage_integrations"),
  );
  await tellAdmins(
    ctx,
    tx,
    workspaceId,
    connection.service,
    admins.map((person) => person.id),
  );
}
