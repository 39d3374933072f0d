import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import {
  primaryItemTplSchema,
  primaryItemTplTreeRefine,
  primaryItemTplTreeShape,
  templateOriginSchema,
} from "./template.schema.ts";

export const newPrimaryItemTplBodySchema = z
  .strictObject({
    workspace_id: idSchema,
    ...primaryItemTplTreeShape,
    /** `catalogue` or `ai` when the tree was taken from the AI catalogue or an AI draft; else left out. */
    origin: templateOriginSchema.exclude(["saved"]).default("manual"),
  })
  .refine(...primaryItemTplTreeRefine);

export const newPrimaryItemTplContract = defineContract({
  operationId: "newPrimaryItemTpl",
  method: "POST",
  path: "/app/primary-item-tpl/new",
  summary:
    "Create a primary item template with its secondary items and tasks (manage_templates); also how a catalogue entry or a reviewed AI draft is saved",
  tags: ["primary-item-tpl"],
  auth: "bearer",
  body: newPrimaryItemTplBodySchema,
  status: 201,
  response: primaryItemTplSchema,
});
