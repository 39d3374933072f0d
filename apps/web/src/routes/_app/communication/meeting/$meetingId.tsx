import { createFileRoute } from "@tanstack/react-router";
import { MeetingPage } from "../../../../features/meeting/components/meeting-page.tsx";

export const Route = createFileRoute("/_app/communication/meeting/$meetingId")({
  component: function MeetingRoute() {
    const { meetingId } = Route.useParams();
    return <MeetingPage key={meetingId} meetingId={meetingId} />;
  },
});
