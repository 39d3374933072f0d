import { z } from "zod";
import { idParamsSchema, idSchema, okSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { pageOf, pageQuerySchema, positionBodySchema, trashFlagSchema } from "../common/list.schema.ts";
import { projectFieldsSchema, projectPatchSchema, projectSchema } from "./project.schema.ts";

export const listProjectsContract = defineContract({
  operationId: "listProjects",
  method: "GET",
  path: "/app/project/list",
  summary:
    "Projects the caller may see (all with manage_projects; otherwise those of their groups and those they manage or belong to), in their order",
  tags: ["project"],
  auth: "bearer",
  query: pageQuerySchema.extend({
    workspace_id: idSchema,
    group_id: idSchema.optional(),
    status: z.enum(["active", "archived"]).optional(),
    q: z.string().trim().max(100).optional(),
    trash: trashFlagSchema,
  }),
  response: pageOf(projectSchema),
});

export const newProjectContract = defineContract({
  operationId: "newProject",
  method: "POST",
  path: "/app/project/new",
  summary: "Create a project (manage_projects), placed last",
  tags: ["project"],
  auth: "bearer",
  body: projectFieldsSchema.extend({ workspace_id: idSchema }),
  status: 201,
  response: projectSchema,
});

export const getProjectContract = defineContract({
  operationId: "getProject",
  method: "GET",
  path: "/app/project/{id}",
  summary: "One project",
  tags: ["project"],
  auth: "bearer",
  params: idParamsSchema,
  response: projectSchema,
});

export const updateProjectContract = defineContract({
  operationId: "updateProject",
  method: "PATCH",
  path: "/app/project/{id}",
  summary: "Edit or archive a project (manage_projects, or its manager)",
  tags: ["project"],
  auth: "bearer",
  params: idParamsSchema,
  body: projectPatchSchema,
  response: projectSchema,
});

export const deleteProjectContract = defineContract({
  operationId: "deleteProject",
  method: "DELETE",
  path: "/app/project/{id}",
  summary: "Move a project to the trash (manage_projects)",
  tags: ["project"],
  auth: "bearer",
  params: idParamsSchema,
  response: okSchema,
});

export const putProjectPositionContract = defineContract({
  operationId: "putProjectPosition",
  method: "PUT",
  path: "/app/project/{id}/position",
  summary: "Move a project between two others in the manual order (manage_projects)",
  tags: ["project"],
  auth: "bearer",
  params: idParamsSchema,
  body: positionBodySchema,
  response: projectSchema,
});

export const restoreProjectContract = defineContract({
  operationId: "restoreProject",
  method: "PUT",
  path: "/app/project/{id}/restoration",
  summary: "Bring a project back from the trash (manage_projects)",
  tags: ["project"],
  auth: "bearer",
  params: idParamsSchema,
  response: projectSchema,
});
