import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { newGroupContract } from "@tasuki/contract/group/group.contracts";
import { newProjectContract } from "@tasuki/contract/project/project.contracts";
import { newTaskContract } from "@tasuki/contract/task/task.contracts";
import { getMeContract } from "@tasuki/contract/user/get-me.contract";
import { api } from "./api.ts";
import { accessToken, addStaff, createOwner } from "./organization.ts";

/** The caller's staff id in a workspace. */
export async function staffId(token: string, workspaceId: string): Promise<string> {
  const me = await api.ok(getMeContract, {}, { token });
  const membership = me.workspace_users.find((item) => item.workspace_id === workspaceId);
  if (!membership) throw new Error("not a member of the workspace");
  return membership.id;
}

/** An owner (with a project of their own group) and a member of that group: the cast of the task journeys. */
export async function taskTeam(workspaceName: string) {
  const owner = await createOwner(workspaceName);
  const ownerStaffId = await staffId(owner.token, owner.workspaceId);
  const member = await addStaff(owner, "member");
  const memberToken = await accessToken(member.email);
  const memberStaffId = await staffId(memberToken, owner.workspaceId);
  const group = await api.ok(
    newGroupContract,
    { body: { workspace_id: owner.workspaceId, name: "営業部", member_ids: [ownerStaffId, memberStaffId] } },
    { token: owner.token },
  );
  const project = await api.ok(
    newProjectContract,
    { body: { workspace_id: owner.workspaceId, name: "新商品発表会", group_id: group.id } },
    { token: owner.token },
  );
  return {
    owner: { ...owner, staffId: ownerStaffId },
    member: { email: member.email, token: memberToken, staffId: memberStaffId },
    group,
    project,
  };
}

/** A task made by the caller (POST /app/task/new). */
export async function createTask(token: string, body: ContractBody<typeof newTaskContract>) {
  return api.ok(newTaskContract, { body }, { token });
}
