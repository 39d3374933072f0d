import { z } from "zod";
import { defineContract } from "../common/define-contract.ts";

export const healthzContract = defineContract({
  operationId: "healthz",
  method: "GET",
  path: "/healthz",
  summary: "The process is up",
  tags: ["system"],
  auth: "none",
  response: z.object({ status: z.literal("ok") }),
});

export const readyzContract = defineContract({
  operationId: "readyz",
  method: "GET",
  path: "/readyz",
  summary: "The database answers",
  tags: ["system"],
  auth: "none",
  response: z.object({ status: z.literal("ok") }),
});
