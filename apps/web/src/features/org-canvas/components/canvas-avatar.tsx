import { useQuery } from "@tanstack/react-query";
import { memo } from "react";
import { displayName } from "../../../lib/person.ts";
import { avatarImageQueryOptions } from "../api/get-avatar-image.ts";
import { avatarColour } from "../layer-style.ts";
import type { StaffRef } from "../member-strip.ts";

/**
 * A staff member's picture, or the first letter of their surname on a colour of their own. The picture is
 * fetched when the avatar is first drawn (only groups on screen are drawn), with the bearer token.
 * Plain elements styled by the chart's stylesheet: hundreds of these must stay cheap.
 * (Made here because no shared staff avatar existed when the chart was built.)
 */
export const CanvasAvatar = memo(function CanvasAvatar({ person, size }: { person: StaffRef; size: number }) {
  const { data: src } = useQuery(avatarImageQueryOptions(person.avatar_url));
  const initial = (person.last_name || person.first_name).trim().slice(0, 1);
  return (
    // Decorative: the name is always beside it or in the control's label.
    <span
      aria-hidden="true"
      className="oc-avatar"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.46), backgroundColor: avatarColour(person.id) }}
      title={displayName(person)}
    >
      {src ? <img src={src} alt="" width={size} height={size} /> : initial}
    </span>
  );
});
