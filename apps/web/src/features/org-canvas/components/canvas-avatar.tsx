import { useQuery } from "@tanstack/react-query";
import { memo } from "react";
import { avatarColour, staffInitials } from "../../../components/staff-avatar.tsx";
import { displayName } from "../../../lib/person.ts";
import { avatarImageQueryOptions } from "../api/get-avatar-image.ts";
import type { StaffRef } from "../member-strip.ts";

/**
 * A staff member's picture, or the first letter of their surname on a colour of their own. The picture is
 * fetched when the avatar is first drawn (only groups on screen are drawn), with the bearer token.
 * Plain elements styled by the chart's stylesheet, not the shared MUI StaffAvatar: hundreds of these must
 * stay cheap. Colours and initials are the shared ones, so a person looks the same on every page.
 */
export const CanvasAvatar = memo(function CanvasAvatar({ person, size }: { person: StaffRef; size: number }) {
  const { data: src } = useQuery(avatarImageQueryOptions(person.avatar_url));
  return (
    // Decorative: the name is always beside it or in the control's label.
    <span
      aria-hidden="true"
      className="oc-avatar"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.46), backgroundColor: avatarColour(person.id) }}
      title={displayName(person)}
    >
      {src ? <img src={src} alt="" width={size} height={size} /> : staffInitials(person)}
    </span>
  );
});
