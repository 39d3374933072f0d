import type { GroupNode } from "@tasuki/contract/group/group.schema";
import { describe, expect, it } from "vitest";
import { memberStrip } from "./member-strip.ts";

const person = (id: string) => ({ id, last_name: "山田", first_name: id, avatar_url: null });

function group(members: string[], leader: string | null, memberCount = members.length): GroupNode {
  return {
    id: "g",
    workspace_id: "w",
    parent_id: null,
    group_type_id: null,
    name: "営業部",
    leader: leader ? person(leader) : null,
    position: 1,
    member_count: memberCount,
    deleted_at: null,
    created_at: "2026-01-01T00:00:00Z",
    updated_at: "2026-01-01T00:00:00Z",
    depth: 0,
    members: members.map(person),
  };
}

describe("memberStrip", () => {
  it("shows up to six members besides the leader and counts the rest", () => {
    const ids = Array.from({ length: 10 }, (_, i) => `m${i}`);
    const strip = memberStrip(group(ids, "m0"));
    expect(strip.shown.map((member) => member.id)).toEqual(["m1", "m2", "m3", "m4", "m5", "m6"]);
    expect(strip.rest).toBe(3);
  });

  it("counts a leader who is not a member as no one of the rest", () => {
    const strip = memberStrip(group(["a", "b"], "boss"));
    expect(strip.shown).toHaveLength(2);
    expect(strip.rest).toBe(0);
  });

  it("falls back on member_count when the members were not sent", () => {
    const strip = memberStrip({ ...group([], null, 12), members: undefined });
    expect(strip.shown).toEqual([]);
    expect(strip.rest).toBe(12);
  });
});
