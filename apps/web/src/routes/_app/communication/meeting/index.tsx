import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { MeetingListPage } from "../../../../features/meeting/components/meeting-list-page.tsx";

const searchSchema = z.object({
  view: z.enum(["list", "week", "month"]).optional().catch(undefined),
  date: z.iso.date().optional().catch(undefined),
  type: z.enum(["regular", "one_on_one", "project", "other"]).optional().catch(undefined),
  room: z.string().max(100).optional().catch(undefined),
  group: z.uuid().optional().catch(undefined),
  project: z.uuid().optional().catch(undefined),
});

export const Route = createFileRoute("/_app/communication/meeting/")({
  validateSearch: searchSchema,
  component: MeetingListPage,
});
