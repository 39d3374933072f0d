import { planHasFeature } from "@tasuki/contract/billing/plan.schema";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { ExternalNoticeKinds } from "../../db/schema/integrations.ts";
import { currentPlan } from "../../plan-gate/plan-gate.ts";
import {
  findReachableLinks,
  findRoutesFor,
  insertDeliveries,
  type LinkRow,
  type NewDelivery,
} from "./external-service.repository.ts";

/** A notice for one person (one in-app notification), to send where they linked an account and asked for it. */
export interface PersonNotice {
  /** The in-app notification it mirrors (none for a meeting invitation, which the meeting page shows). */
  notificationId: string | null;
  /** One delivery per key and link, whoever plans it: the notification's id, or `meeting:<id>:<staff>`. */
  key: string;
  workspaceId: string;
  recipientId: string;
  kind: keyof ExternalNoticeKinds;
  text: string;
  url: string | null;
  /** Reminders only: the task's own Slack / Chatwork boxes (the drawer's 通知方法). */
  taskChannels?: { slack: boolean; chatwork: boolean };
}

/** A notice about a change, for the channels of the task's group and project (once per change, not per person). */
export interface ChannelNotice {
  key: string;
  workspaceId: string;
  groupId: string | null;
  projectId: string | null;
  text: string;
  url: string | null;
  /**
   * The people the change is about (a new assignee; the assignee and manager of a new status): in a Chatwork
   * room their linked account is addressed with `[To:account_id]名前さん`, so Chatwork tells them.
   */
  concernedIds?: string[];
}

/** Chatwork's message notation: `[To:123]名前さん` on its own line before the text (one per person). */
export function chatworkMentions(people: { externalUserId: string; externalName: string }[]): string {
  return people.map((person) => `[To:${person.externalUserId}]${person.externalName}さん\n`).join("");
}

export async function enqueueDeliveryJobs(
  ctx: AppContext,
  tx: DbOrTx,
  ids: string[],
  startAfter?: Date,
): Promise<void> {
  if (!ids.length) return;
  await ctx.jobs.enqueueMany(
    tx,
    "external-delivery",
    ids.map((id) => ({ payload: { delivery_id: id }, ...(startAfter ? { startAfter } : {}) })),
  );
}

async function premiumWorkspaces(tx: DbOrTx, workspaceIds: string[]): Promise<Set<string>> {
  const premium = new Set<string>();
  for (const workspaceId of new Set(workspaceIds)) {
    if (planHasFeature(await currentPlan(tx, workspaceId), "integrations")) premium.add(workspaceId);
  }
  return premium;
}

/**
 * Plans the Slack / Chatwork deliveries of notices in the caller's transaction (with the in-app notices
 * and the change itself): a row per notice and channel, and its job. A person gets a notice where they
 * linked an account and kept that kind on; a reminder also needs the task's box of that service. The
 * group's and project's channels get one message per change. Only premium workspaces deliver.
 */
export async function planExternalDeliveries(
  ctx: AppContext,
  tx: DbOrTx,
  people: PersonNotice[],
  channels: ChannelNotice[] = [],
): Promise<void> {
  const premium = await premiumWorkspaces(
    tx,
    [...people, ...channels].map((notice) => notice.workspaceId),
  );
  if (!premium.size) return;
  const values: NewDelivery[] = [];
  for (const workspaceId of premium) {
    const mine = people.filter((notice) => notice.workspaceId === workspaceId);
    const links = await findReachableLinks(
      tx,
      workspaceId,
      mine.map((notice) => notice.recipientId),
    );
    for (const notice of mine) {
      for (const link of links) {
        if (link.workspaceUserId !== notice.recipientId || !link.kinds[notice.kind]) continue;
        if (notice.taskChannels && !notice.taskChannels[link.service]) continue;
        values.push({
          workspaceId,
          connectionId: link.connectionId,
          linkId: link.id,
          notificationId: notice.notificationId,
          service: link.service,
          channelId: link.roomId,
          text: notice.text,
          url: notice.url,
          dedupeKey: `notice:${notice.key}:${link.id}`,
          nextAttemptAt: ctx.now(),
        });
      }
    }
    const routed = channels.filter((item) => item.workspaceId === workspaceId);
    const concerned = await findReachableLinks(
      tx,
      workspaceId,
      routed.flatMap((notice) => notice.concernedIds ?? []),
    );
    for (const notice of routed) {
      const routes = await findRoutesFor(
        tx,
        workspaceId,
        notice.groupId ? [notice.groupId] : [],
        notice.projectId ? [notice.projectId] : [],
      );
      // A group and its project routed to the same channel say it once.
      const seen = new Set<string>();
      for (const route of routes) {
        const target = `${route.connectionId}:${route.channelId}`;
        if (seen.has(target)) continue;
        seen.add(target);
        const addressed =
          route.service === "chatwork"
            ? chatworkMentions(
                (notice.concernedIds ?? []).flatMap((staffId) =>
                  concerned.filter(
                    (link) => link.workspaceUserId === staffId && link.connectionId === route.connectionId,
                  ),
                ),
              )
            : "";
        values.push({
          workspaceId,
          connectionId: route.connectionId,
          service: route.service,
          channelId: route.channelId,
          text: `${addressed}${notice.text}`,
          url: notice.url,
          dedupeKey: `channel:${notice.key}:${route.channelId}`,
          nextAttemptAt: ctx.now(),
        });
      }
    }
  }
  const rows = await insertDeliveries(tx, values);
  await enqueueDeliveryJobs(
    ctx,
    tx,
    rows.map((row) => row.id),
  );
}

/** The test message of マイページ → 外部連携 (each press is its own delivery). */
export async function planTestDelivery(ctx: AppContext, link: LinkRow): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const rows = await insertDeliveries(tx, [
      {
        workspaceId: link.workspaceId,
        connectionId: link.connectionId,
        linkId: link.id,
        service: link.service,
        channelId: link.roomId,
        text: "Tasukiからのテストメッセージです。タスクの通知はここに届きます。",
        url: `${ctx.config.appOrigin}/mypage/my-external-linkage/${link.service}`,
        dedupeKey: `test:${link.id}:${ctx.now().getTime()}`,
        nextAttemptAt: ctx.now(),
      },
    ]);
    await enqueueDeliveryJobs(
      ctx,
      tx,
      rows.map((row) => row.id),
    );
  });
}
