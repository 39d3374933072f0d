import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { positionBodySchema } from "../common/list.schema.ts";
import { taskDetailSchema } from "./task.schema.ts";

export const putTaskPositionContract = defineContract({
  operationId: "putTaskPosition",
  method: "PUT",
  path: "/app/task/{id}/position",
  summary:
    "Move a task between two others of the same parent (secondary item, else primary item, else project, else none)",
  tags: ["task"],
  auth: "bearer",
  params: idParamsSchema,
  body: positionBodySchema,
  response: taskDetailSchema,
});
