import Avatar from "@mui/material/Avatar";
import { displayName } from "../../../lib/person.ts";

export interface PersonRef {
  id: string;
  last_name: string;
  first_name: string;
  avatar_url: string | null;
}

const COLORS = ["#3949ab", "#00897b", "#8e24aa", "#c0592b", "#2f6fb5", "#5d7a1f", "#ad1457", "#6d4c41"];

/** The same colour for the same person everywhere, so a face without a photo is still recognisable. */
export function personColor(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return COLORS[hash % COLORS.length] as string;
}

/** A staff member's photo, or the first character of the surname on their colour. */
export function PersonAvatar({ person, size = 28 }: { person: PersonRef; size?: number }) {
  return (
    <Avatar
      src={person.avatar_url ?? undefined}
      alt={displayName(person)}
      sx={{ width: size, height: size, fontSize: size * 0.45, fontWeight: 700, bgcolor: personColor(person.id) }}
    >
      {(person.last_name || person.first_name).slice(0, 1)}
    </Avatar>
  );
}
