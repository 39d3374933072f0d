import type { GroupNode } from "@tasuki/contract/group/group.schema";

/** How many member avatars a group card shows after its leader. */
export const MEMBER_AVATARS = 6;

export type StaffRef = NonNullable<GroupNode["leader"]>;

/**
 * The members a card shows as avatars (the leader has a line of their own) and how many more there are.
 * `member_count` counts the leader when they are a member.
 */
export function memberStrip(group: GroupNode): { shown: StaffRef[]; rest: number } {
  const all = group.members ?? [];
  const members = all.filter((member) => member.id !== group.leader?.id);
  const shown = members.slice(0, MEMBER_AVATARS);
  const leaderIsMember = group.leader !== null && all.some((member) => member.id === group.leader?.id);
  const rest = Math.max(0, group.member_count - shown.length - (leaderIsMember ? 1 : 0));
  return { shown, rest };
}
