import type { Page } from "@playwright/test";
import { loginWithEmailContract } from "@tasuki/contract/auth/login-with-email.contract";
import { getMeContract } from "@tasuki/contract/user/get-me.contract";
import {
  acceptInvitationContract,
  newWorkspaceUserContract,
} from "@tasuki/contract/workspace-user/new-workspace-user.contract";
import { api, createUser } from "./api.ts";
import { expect, mailCount, PASSWORD, uniqueEmail } from "./fixtures.ts";

export async function accessToken(email: string): Promise<string> {
  const tokens = await api.ok(loginWithEmailContract, { body: { email, password: PASSWORD } });
  return tokens.access_token;
}

/** An owner with a fresh workspace: their e-mail, token and workspace id. */
export async function createOwner(workspaceName: string) {
  const { email } = await createUser({ workspace: workspaceName });
  const token = await accessToken(email);
  const me = await api.ok(getMeContract, {}, { token });
  const workspaceId = me.workspace_users.find((membership) => membership.role === "owner")?.workspace_id;
  if (!workspaceId) throw new Error("the new user owns no workspace");
  return { email, token, workspaceId };
}

/** The token of the newest invitation mailed to an address (from the link /invitation?token=…). */
export async function latestInvitationToken(email: string, after = 0): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${process.env.E2E_INBOX_URL}/?to=${encodeURIComponent(email)}`);
    const { items } = (await response.json()) as { items: { text: string }[] };
    const link = items
      .slice(after)
      .map((mail) => /\/invitation\?token=([^\s>]+)/.exec(mail.text)?.[1])
      .filter(Boolean)
      .at(-1);
    if (link) return decodeURIComponent(link);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no invitation mailed to ${email}`);
}

/**
 * A signed-up user placed in the owner's workspace with a role: invited by the owner
 * (POST /app/workspace-user/new) and joined with the mailed token (accept-invitation).
 */
export async function addStaff(owner: { token: string; workspaceId: string }, role: "admin" | "member" | "guest") {
  const { email } = await createUser();
  const before = await mailCount(email);
  await api.ok(
    newWorkspaceUserContract,
    { body: { workspace_id: owner.workspaceId, email, last_name: "森", first_name: "一郎", role } },
    { token: owner.token },
  );
  const invitation = await latestInvitationToken(email, before);
  await api.ok(acceptInvitationContract, { body: { token: invitation } }, { token: await accessToken(email) });
  return { email };
}

/** `timeout`: how long the task list may take to open after signing in (the first load of the app; 30 s by default). */
export async function signIn(page: Page, email: string, options: { timeout?: number } = {}): Promise<void> {
  await page.goto("/auth");
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
  // Checking the password is deliberately slow work for the CPU: on a shared two-core machine it takes seconds.
  await expect(page).toHaveURL(/\/task/, { timeout: options.timeout ?? 30_000 });
}

export { uniqueEmail };
