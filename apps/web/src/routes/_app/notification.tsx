import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { NotificationPage } from "../../features/notification/components/notification-page.tsx";

const searchSchema = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  filter: z.enum(["all", "unread"]).catch("all").default("all"),
});

export const Route = createFileRoute("/_app/notification")({
  validateSearch: searchSchema,
  component: function NotificationRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <NotificationPage
        search={search}
        onSearch={(next) => void navigate({ search: (previous) => ({ ...previous, ...next }) })}
      />
    );
  },
});
