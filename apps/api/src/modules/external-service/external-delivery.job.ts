import type { AppContext } from "../../context/app-context.ts";
import { type ConnectionBrokenNotice, runDelivery } from "./external-delivery.service.ts";

declare module "../../jobs/jobs.ts" {
  interface JobPayloads {
    /** One Slack / Chatwork message: the delivery's id only (its text is in its row, its token never in a job). */
    "external-delivery": { delivery_id: string };
  }
}

/** Messages of one burst (a bulk assignment) go out side by side; the rate slots keep each channel's pace. */
export const EXTERNAL_DELIVERY_CONCURRENCY = 4;

/** `tellAdmins`: the in-app notice of a connection the provider refused (the notification module's). */
export function defineExternalDeliveryJob(ctx: AppContext, tellAdmins: ConnectionBrokenNotice): void {
  ctx.jobs.define({
    name: "external-delivery",
    // runDelivery retries through its own rows (back-off, Retry-After); a throw here is a database failure.
    retry: { limit: 5, delaySeconds: 10, maxDelaySeconds: 600 },
    expireInSeconds: 120,
    concurrency: EXTERNAL_DELIVERY_CONCURRENCY,
    handle: ({ delivery_id }) => runDelivery(ctx, delivery_id, tellAdmins),
  });
}
