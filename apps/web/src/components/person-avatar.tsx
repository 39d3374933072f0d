import { StaffAvatar } from "./staff-avatar.tsx";

/** A staff member as other rows carry them (leaders, managers, members). */
export interface PersonRef {
  id: string;
  last_name: string;
  first_name: string;
  avatar_url: string | null;
}

/** The app-wide staff avatar (photo fetched with the bearer token, else the initial on their colour). */
export function PersonAvatar({ person, size = 28 }: { person: PersonRef; size?: number }) {
  return <StaffAvatar person={person} size={size} />;
}
