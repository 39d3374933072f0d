import type { generatePrimaryItemTplBodySchema } from "@tasuki/contract/template/generate-primary-item-tpl.contract";
import type { z } from "zod";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { requireMember } from "../../http/workspace-scope.ts";
import { badRequest } from "../../lib/app-error.ts";
import { requirePremiumFeature } from "../../plan-gate/plan-gate.ts";
import { findBusinessCategory } from "../business-category/business-category.service.ts";
import { catalogueExamples, cataloguePrimaryTemplates, catalogueSecondaryTemplates } from "./catalogue.ts";
import { findWorkspaceBusinessCategory } from "./template.repository.ts";
import { requireTemplateReader } from "./template.service.ts";

const unknownCategory = () =>
  badRequest(
    "business_category_not_found",
    "指定された業種が見つかりません。",
    "business_category_id is not one of business-category/list-all",
  );

/** The 業種 a call means: the one named (it must exist), else the workspace's company's, else none. */
async function categoryOf(
  db: DbOrTx,
  workspaceId: string,
  named: string | undefined,
): Promise<{ id: string; name: string } | null> {
  const id = named ?? (await findWorkspaceBusinessCategory(db, workspaceId));
  if (!id) return null;
  const found = await findBusinessCategory(db, id);
  if (!found && named) throw unknownCategory();
  return found;
}

/** Which 業種 a catalogue call reads, and which generator 「AIで作成」 would use here. */
async function openCatalogue(
  ctx: AppContext,
  auth: RequestAuth,
  query: { workspace_id: string; business_category_id?: string | undefined },
) {
  const member = await requireMember(ctx.db, auth, query.workspace_id);
  requireTemplateReader(member);
  const category = await categoryOf(ctx.db, member.workspaceId, query.business_category_id);
  return { business_category_id: category?.id ?? null, generator: ctx.ai.kind };
}

export async function listCataloguePrimary(
  ctx: AppContext,
  auth: RequestAuth,
  query: { workspace_id: string; business_category_id?: string | undefined },
) {
  const scope = await openCatalogue(ctx, auth, query);
  return { ...scope, items: scope.business_category_id ? cataloguePrimaryTemplates(scope.business_category_id) : [] };
}

export async function listCatalogueSecondary(
  ctx: AppContext,
  auth: RequestAuth,
  query: { workspace_id: string; business_category_id?: string | undefined },
) {
  const scope = await openCatalogue(ctx, auth, query);
  return { ...scope, items: scope.business_category_id ? catalogueSecondaryTemplates(scope.business_category_id) : [] };
}

/**
 * 「AIで作成」: a draft from the goal and the 業種 (the catalogue's templates of the 業種 as examples), for review.
 * Nothing is written: a failing or invalid answer is the provider's 502 and leaves the workspace as it was.
 */
export async function generatePrimaryItemTemplate(
  ctx: AppContext,
  auth: RequestAuth,
  input: z.output<typeof generatePrimaryItemTplBodySchema>,
) {
  const member = await requireMember(ctx.db, auth, input.workspace_id, { permission: "manage_templates" });
  await requirePremiumFeature(ctx.db, member.workspaceId, "ai");
  const category = await categoryOf(ctx.db, member.workspaceId, input.business_category_id);
  // Outside any transaction: a slow provider must not hold a connection.
  const generated = await ctx.ai.generateTemplate({
    goal: input.goal,
    businessCategory: category,
    examples: catalogueExamples(category?.id ?? null),
  });
  return { draft: generated.draft, generator: generated.source };
}
