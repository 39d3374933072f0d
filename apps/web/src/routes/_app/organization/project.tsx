import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { ProjectPage } from "../../../features/project/components/project-page.tsx";

const searchSchema = z.object({
  group_id: z.string().optional().catch(undefined),
  status: z.enum(["active", "archived"]).optional().catch(undefined),
  view: z.enum(["trash"]).optional().catch(undefined),
});

export const Route = createFileRoute("/_app/organization/project")({
  validateSearch: searchSchema,
  component: ProjectPage,
});
