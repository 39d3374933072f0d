import { z } from "zod";
import { defineContract } from "../common/define-contract.ts";

/** The mails that had no SMTP server to go to (development only): a page and its JSON, kept out of OpenAPI. */
export const devOutboxContract = defineContract({
  operationId: "devOutbox",
  method: "GET",
  path: "/dev/outbox",
  summary: "The development outbox as a page",
  tags: ["system"],
  auth: "none",
  hidden: true,
  produces: ["text/html"],
  response: z.string(),
});

export const devOutboxJsonContract = defineContract({
  operationId: "devOutboxJson",
  method: "GET",
  path: "/dev/outbox.json",
  summary: "The development outbox as JSON",
  tags: ["system"],
  auth: "none",
  hidden: true,
  response: z.object({ items: z.array(z.unknown()) }),
});
