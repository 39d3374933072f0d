import { deletePrimaryItemTplContract } from "@tasuki/contract/template/delete-primary-item-tpl.contract";
import { deleteSecondaryItemTplContract } from "@tasuki/contract/template/delete-secondary-item-tpl.contract";
import { deleteTaskTplContract } from "@tasuki/contract/template/delete-task-tpl.contract";
import { generatePrimaryItemTplContract } from "@tasuki/contract/template/generate-primary-item-tpl.contract";
import { getPrimaryItemTplContract } from "@tasuki/contract/template/get-primary-item-tpl.contract";
import { getSecondaryItemTplContract } from "@tasuki/contract/template/get-secondary-item-tpl.contract";
import { getTaskTplContract } from "@tasuki/contract/template/get-task-tpl.contract";
import { listAiPrimaryTplsContract } from "@tasuki/contract/template/list-ai-primary-tpls.contract";
import { listAiSecondaryTplsContract } from "@tasuki/contract/template/list-ai-secondary-tpls.contract";
import { listPrimaryItemTplsContract } from "@tasuki/contract/template/list-primary-item-tpls.contract";
import { listSecondaryItemTplsContract } from "@tasuki/contract/template/list-secondary-item-tpls.contract";
import { listTaskTplsContract } from "@tasuki/contract/template/list-task-tpls.contract";
import { newPrimaryItemTplContract } from "@tasuki/contract/template/new-primary-item-tpl.contract";
import { newSecondaryItemTplContract } from "@tasuki/contract/template/new-secondary-item-tpl.contract";
import { newTaskTplContract } from "@tasuki/contract/template/new-task-tpl.contract";
import { previewTemplateContract } from "@tasuki/contract/template/preview-template.contract";
import { savePrimaryItemAsTplContract } from "@tasuki/contract/template/save-primary-item-as-tpl.contract";
import { saveSecondaryItemAsTplContract } from "@tasuki/contract/template/save-secondary-item-as-tpl.contract";
import { saveTaskAsTplContract } from "@tasuki/contract/template/save-task-as-tpl.contract";
import { updatePrimaryItemTplContract } from "@tasuki/contract/template/update-primary-item-tpl.contract";
import { updateSecondaryItemTplContract } from "@tasuki/contract/template/update-secondary-item-tpl.contract";
import { updateTaskTplContract } from "@tasuki/contract/template/update-task-tpl.contract";
import { updateTaskTplsContract } from "@tasuki/contract/template/update-task-tpls.contract";
import { usePrimaryItemTplContract } from "@tasuki/contract/template/use-primary-item-tpl.contract";
import { useSecondaryItemTplContract } from "@tasuki/contract/template/use-secondary-item-tpl.contract";
import { useTaskTplContract } from "@tasuki/contract/template/use-task-tpl.contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import type { TemplateBody } from "../../db/schema/templates.ts";
import { route } from "../../http/route.ts";
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  presentPrimaryItemTpl,
  presentSecondaryItemTpl,
  presentTaskTpl,
  secondaryNode,
  taskNode,
  updateTaskTemplates,
  updateTemplate,
} from "./template.service.ts";
import { generatePrimaryItemTemplate, listCataloguePrimary, listCatalogueSecondary } from "./template-ai.service.ts";
import { saveItemAsTemplate, saveTaskAsTemplate } from "./template-save.service.ts";
import { previewTemplates, useTemplates } from "./template-use.service.ts";

type PrimaryBody = Extract<TemplateBody, { kind: "primary_item" }>;
type SecondaryBody = Extract<TemplateBody, { kind: "secondary_item" }>;
type TaskBody = Extract<TemplateBody, { kind: "task" }>;

/** /app/task-tpl/* (タスクテンプレート) */
export function registerTaskTplRoutes(app: FastifyInstance, ctx: AppContext): void {
  const kind = "task";
  route(app, ctx, listTaskTplsContract, async ({ auth, query }) => {
    const { items, total } = await listTemplates(ctx, auth, kind, query);
    return { items: items.map(presentTaskTpl), total };
  });
  route(app, ctx, updateTaskTplsContract, ({ auth, body }) => updateTaskTemplates(ctx, auth, body));
  route(app, ctx, newTaskTplContract, async ({ auth, body }) => {
    const { workspace_id, title, description, day_basis, ...task } = body;
    return presentTaskTpl(
      await createTemplate(ctx, auth, workspace_id, {
        kind,
        name: title,
        description,
        dayBasis: day_basis,
        origin: "manual",
        body: { kind, task: { ...task, checklist: [...task.checklist] } },
      }),
    );
  });
  route(app, ctx, useTaskTplContract, async ({ auth, body }) => ({
    items: (await useTemplates(ctx, auth, kind, body)).tasks,
  }));
  route(app, ctx, saveTaskAsTplContract, async ({ auth, body }) =>
    presentTaskTpl(await saveTaskAsTemplate(ctx, auth, body)),
  );
  route(app, ctx, getTaskTplContract, async ({ auth, params }) =>
    presentTaskTpl(await getTemplate(ctx, auth, kind, params.id)),
  );
  route(app, ctx, updateTaskTplContract, async ({ auth, params, body }) => {
    const { title, description, day_basis, ...task } = body;
    const changesTask = Object.values(task).some((value) => value !== undefined);
    return presentTaskTpl(
      await updateTemplate(ctx, auth, kind, params.id, {
        name: title,
        description,
        dayBasis: day_basis,
        ...(changesTask && {
          body: (current) => {
            const definedFields = Object.fromEntries(Object.entries(task).filter(([, value]) => value !== undefined));
            return { kind, task: { ...(current as TaskBody).task, ...definedFields } };
          },
        }),
      }),
    );
  });
  route(app, ctx, deleteTaskTplContract, ({ auth, params }) => deleteTemplate(ctx, auth, kind, params.id));
}

/** /app/primary-item-tpl/* (大項目テンプレート) */
export function registerPrimaryItemTplRoutes(app: FastifyInstance, ctx: AppContext): void {
  const kind = "primary_item";
  route(app, ctx, listPrimaryItemTplsContract, async ({ auth, query }) => {
    const { items, total } = await listTemplates(ctx, auth, kind, query);
    return { items: items.map(presentPrimaryItemTpl), total };
  });
  route(app, ctx, newPrimaryItemTplContract, async ({ auth, body }) =>
    presentPrimaryItemTpl(
      await createTemplate(ctx, auth, body.workspace_id, {
        kind,
        name: body.name,
        description: body.description,
        dayBasis: body.day_basis,
        origin: body.origin,
        body: { kind, secondary_items: body.secondary_items.map(secondaryNode), tasks: body.tasks.map(taskNode) },
      }),
    ),
  );
  route(app, ctx, usePrimaryItemTplContract, async ({ auth, body }) => ({
    items: (await useTemplates(ctx, auth, kind, body)).primaryItems,
  }));
  route(app, ctx, savePrimaryItemAsTplContract, async ({ auth, body }) =>
    presentPrimaryItemTpl(
      await saveItemAsTemplate(ctx, auth, "primary", {
        id: body.primary_item_id,
        name: body.name,
        day_basis: body.day_basis,
      }),
    ),
  );
  route(app, ctx, getPrimaryItemTplContract, async ({ auth, params }) =>
    presentPrimaryItemTpl(await getTemplate(ctx, auth, kind, params.id)),
  );
  route(app, ctx, updatePrimaryItemTplContract, async ({ auth, params, body }) =>
    presentPrimaryItemTpl(
      await updateTemplate(ctx, auth, kind, params.id, {
        name: body.name,
        description: body.description,
        dayBasis: body.day_basis,
        ...((body.secondary_items || body.tasks) && {
          body: (current) => ({
            kind,
            secondary_items: body.secondary_items?.map(secondaryNode) ?? (current as PrimaryBody).secondary_items,
            tasks: body.tasks?.map(taskNode) ?? (current as PrimaryBody).tasks,
          }),
        }),
      }),
    ),
  );
  route(app, ctx, deletePrimaryItemTplContract, ({ auth, params }) => deleteTemplate(ctx, auth, kind, params.id));
}

/** /app/secondary-item-tpl/* (中項目テンプレート) */
export function registerSecondaryItemTplRoutes(app: FastifyInstance, ctx: AppContext): void {
  const kind = "secondary_item";
  route(app, ctx, listSecondaryItemTplsContract, async ({ auth, query }) => {
    const { items, total } = await listTemplates(ctx, auth, kind, query);
    return { items: items.map(presentSecondaryItemTpl), total };
  });
  route(app, ctx, newSecondaryItemTplContract, async ({ auth, body }) =>
    presentSecondaryItemTpl(
      await createTemplate(ctx, auth, body.workspace_id, {
        kind,
        name: body.name,
        description: body.description,
        dayBasis: body.day_basis,
        origin: body.origin,
        body: { kind, tasks: body.tasks.map(taskNode) },
      }),
    ),
  );
  route(app, ctx, useSecondaryItemTplContract, async ({ auth, body }) => ({
    items: (await useTemplates(ctx, auth, kind, body)).secondaryItems,
  }));
  route(app, ctx, saveSecondaryItemAsTplContract, async ({ auth, body }) =>
    presentSecondaryItemTpl(
      await saveItemAsTemplate(ctx, auth, "secondary", {
        id: body.secondary_item_id,
        name: body.name,
        day_basis: body.day_basis,
      }),
    ),
  );
  route(app, ctx, getSecondaryItemTplContract, async ({ auth, params }) =>
    presentSecondaryItemTpl(await getTemplate(ctx, auth, kind, params.id)),
  );
  route(app, ctx, updateSecondaryItemTplContract, async ({ auth, params, body }) =>
    presentSecondaryItemTpl(
      await updateTemplate(ctx, auth, kind, params.id, {
        name: body.name,
        description: body.description,
        dayBasis: body.day_basis,
        ...(body.tasks && { body: (): SecondaryBody => ({ kind, tasks: body.tasks!.map(taskNode) }) }),
      }),
    ),
  );
  route(app, ctx, deleteSecondaryItemTplContract, ({ auth, params }) => deleteTemplate(ctx, auth, kind, params.id));
}

/** /app/template/preview: the dates before anything is made. */
export function registerTemplateRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, previewTemplateContract, ({ auth, body }) => previewTemplates(ctx, auth, body));
}

/** /app/ai-primary-tpl/*, /app/ai-secondary-tpl/* (AIテンプレート): the catalogue per 業種 and 「AIで作成」. */
export function registerAiTplRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, listAiPrimaryTplsContract, ({ auth, query }) => listCataloguePrimary(ctx, auth, query));
  route(app, ctx, listAiSecondaryTplsContract, ({ auth, query }) => listCatalogueSecondary(ctx, auth, query));
  route(app, ctx, generatePrimaryItemTplContract, ({ auth, body }) => generatePrimaryItemTemplate(ctx, auth, body));
}
