import type { PreviewTemplateBody } from "@tasuki/contract/template/preview-template.contract";
import type { TemplateKind } from "@tasuki/contract/template/template.schema";

/**
 * Query keys of templates: every query and mutation names a template key through these. The company's own lists
 * and details are apart from the AI catalogue (seed data) and the previews, which a saved template leaves alone.
 */
export const templateKeys = {
  all: ["template"] as const,
  /** The company's templates of a kind, searched by `q`. */
  list: (kind: TemplateKind, workspaceId: string, q: string) => ["template", kind, workspaceId, q] as const,
  detail: (kind: TemplateKind, id: string | null) => ["template", kind, "detail", id] as const,
  aiCatalogues: () => ["template", "ai-catalogue"] as const,
  aiCatalogue: (workspaceId: string, businessCategoryId: string | undefined) =>
    ["template", "ai-catalogue", workspaceId, businessCategoryId ?? ""] as const,
  previews: () => ["template", "preview"] as const,
  preview: (body: PreviewTemplateBody | null) => ["template", "preview", body] as const,
};
