import { defineContract } from "../common/define-contract.ts";
import { userSchema } from "./user.schema.ts";

export const cancelEmailChangeContract = defineContract({
  operationId: "cancelEmailChange",
  method: "DELETE",
  path: "/app/user/me/email",
  summary: "Cancel a pending address change (its codes stop working)",
  tags: ["user"],
  auth: "bearer",
  response: userSchema,
});
