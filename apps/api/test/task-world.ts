import { expect } from "vitest";
import { addStaff, signUpWithWorkspace, type TestApp } from "./test-app.ts";

/** Owner (view_all_tasks), an assignee, a manager, another member, a guest, and an outsider of another company. */
export async function createTaskWorld(t: TestApp, workspaceName: string) {
  const owner = await signUpWithWorkspace(t, workspaceName);
  const workspaceId = owner.workspace.id;
  const assignee = await addStaff(t, workspaceId, "member");
  const manager = await addStaff(t, workspaceId, "member");
  const other = await addStaff(t, workspaceId, "member");
  const guest = await addStaff(t, workspaceId, "guest");
  const outsider = await signUpWithWorkspace(t, "他社");
  return {
    workspaceId,
    owner: owner.tokens.access_token,
    assignee: assignee.tokens.access_token,
    assigneeId: assignee.staffId,
    manager: manager.tokens.access_token,
    managerId: manager.staffId,
    other: other.tokens.access_token,
    otherId: other.staffId,
    guest: guest.tokens.access_token,
    guestId: guest.staffId,
    outsider: outsider.tokens.access_token,
    outsiderWorkspaceId: outsider.workspace.id,
  };
}
export type TaskWorld = Awaited<ReturnType<typeof createTaskWorld>>;

/** A refusal: the status, and exactly the error body (with its code when given). */
export function expectError(res: { status: number; body: unknown }, status: number, code?: string) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({
    message: expect.any(String),
    dev_message: expect.any(String),
    code: code ?? expect.any(String),
  });
}
