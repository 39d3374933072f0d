import { accessToken, addStaff, createOwner } from "./organization.ts";

/** Set-up calls of the task journeys, made through the public API. */
export async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${process.env.E2E_BASE_URL}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      authorization: `Bearer ${token}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json as T;
}

/** The caller's staff id in a workspace. */
export async function staffId(token: string, workspaceId: string): Promise<string> {
  const me = await api<{ workspace_users: { id: string; workspace_id: string }[] }>("GET", "/app/user/me", token);
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
  const group = await api<{ id: string }>("POST", "/app/group/new", owner.token, {
    workspace_id: owner.workspaceId,
    name: "営業部",
    member_ids: [ownerStaffId, memberStaffId],
  });
  const project = await api<{ id: string; name: string }>("POST", "/app/project/new", owner.token, {
    workspace_id: owner.workspaceId,
    name: "新商品発表会",
    group_id: group.id,
  });
  return {
    owner: { ...owner, staffId: ownerStaffId },
    member: { email: member.email, token: memberToken, staffId: memberStaffId },
    group,
    project,
  };
}

export async function createTask(token: string, body: Record<string, unknown>) {
  return api<{ id: string; title: string }>("POST", "/app/task/new", token, body);
}
