import { z } from "zod";

/**
 * /tasktpl's address: the tab, the search words and the selected template (`primary_item:<id>`, `new:task` …),
 * so a reload, the back button and a shared link show the same template. Anything unreadable is dropped.
 */
export const templateSearchSchema = z.object({
  tab: z.enum(["item", "task"]).optional().catch(undefined),
  q: z.string().trim().min(1).max(200).optional().catch(undefined),
  id: z.string().max(100).optional().catch(undefined),
});
export type TemplateSearch = z.infer<typeof templateSearchSchema>;
