import { z } from "zod";
import { defineContract } from "../common/define-contract.ts";

/** This document itself: served, not described in it. */
export const openapiContract = defineContract({
  operationId: "openapi",
  method: "GET",
  path: "/app/openapi.json",
  summary: "The OpenAPI 3.1 document of the API",
  tags: ["system"],
  auth: "none",
  hidden: true,
  produces: ["application/json"],
  response: z.looseObject({}),
});
