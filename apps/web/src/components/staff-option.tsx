import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { WorkspaceUser } from "@tasuki/contract/workspace-user/workspace-user.schema";
import { displayName } from "../lib/person.ts";
import { StaffAvatar } from "./staff-avatar.tsx";

/** What a picker row needs of a staff member: the name, and where they sit (所属, 役職) when known. */
export type StaffOptionPerson = Pick<WorkspaceUser, "id" | "last_name" | "first_name" | "avatar_url"> &
  Partial<Pick<WorkspaceUser, "email" | "groups" | "official_position">>;

/** 所属 as a picker shows it: the main group first, then how many more (「営業一課 ほか1」). */
export function staffAffiliation(person: StaffOptionPerson): string {
  const groups = [...(person.groups ?? [])].sort((a, b) => Number(b.is_main) - Number(a.is_main));
  const [main, ...rest] = groups;
  if (!main) return "";
  return rest.length ? `${main.name} ほか${rest.length}` : main.name;
}

/**
 * One person in a picker or a mention list: avatar, name and 役職 on the first line, 所属 (and the e-mail where
 * the caller may see it) on the second, so that two people of the same name can be told apart.
 */
export function StaffOption({ person, avatarSize = 28 }: { person: StaffOptionPerson; avatarSize?: number }) {
  const affiliation = staffAffiliation(person);
  const second = [affiliation, person.email].filter(Boolean).join("・");
  return (
    <Box sx={{ display: "flex", gap: 1.25, alignItems: "center", minWidth: 0, width: "100%" }}>
      <StaffAvatar person={person} size={avatarSize} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: "flex", gap: 1, alignItems: "baseline", minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
            {displayName(person)}
          </Typography>
          {person.official_position && (
            <Typography variant="caption" sx={{ color: "text.secondary", whiteSpace: "nowrap" }}>
              {person.official_position.name}
            </Typography>
          )}
        </Box>
        {second && (
          <Typography variant="caption" sx={{ color: "text.secondary", display: "block" }} noWrap>
            {second}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
