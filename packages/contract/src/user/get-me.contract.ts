import { defineContract } from "../common/define-contract.ts";
import { userSchema } from "./user.schema.ts";

export const getMeContract = defineContract({
  operationId: "getMe",
  method: "GET",
  path: "/app/user/me",
  summary: "The signed-in user with their workspace memberships",
  tags: ["user"],
  auth: "bearer",
  response: userSchema,
});
