import type { User } from "@tasuki/contract/user/user.schema";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { badRequest, conflict, notFound } from "../../lib/app-error.ts";
import { emailChangedMail, passwordChangedMail } from "../../mail/templates.ts";
import { findIdentities, findUserByEmail, findUserById, type UserRow, updateUser } from "../auth/account.repository.ts";
import { invalidateUserCodes, revokeUserSessions } from "../auth/auth.repository.ts";
import { spendVerificationToken, verifyPasswordWithinLimits } from "../auth/auth.service.ts";
import { assertAcceptablePassword, hashPassword } from "../auth/passwords.ts";
import { findMemberships, updateStaffEmail } from "./user.repository.ts";

export async function getMe(ctx: AppContext, userId: string, db: DbOrTx = ctx.db): Promise<User> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound("user");
  return toUser(ctx, db, user);
}

async function toUser(ctx: AppContext, db: DbOrTx, user: UserRow): Promise<User> {
  const [identities, memberships] = await Promise.all([findIdentities(db, user.id), findMemberships(db, user.id)]);
  return {
    id: user.id,
    email: user.email,
    pending_email: user.pendingEmail,
    last_name: user.lastName,
    first_name: user.firstName,
    last_name_kana: user.lastNameKana,
    first_name_kana: user.firstNameKana,
    has_password: user.passwordHash !== null,
    terms_version: user.termsVersion,
    terms_agreed_at: user.termsAgreedAt?.toISOString() ?? null,
    terms_current: user.termsVersion === ctx.config.termsVersion,
    sns_links: identities.map((identity) => ({
      provider: identity.provider as User["sns_links"][number]["provider"],
      email: identity.email,
      linked_at: identity.createdAt.toISOString(),
    })),
    workspace_users: memberships,
    created_at: user.createdAt.toISOString(),
  };
}

const wrongPassword = () =>
  badRequest("invalid_password", "現在のパスワードが正しくありません。", "current password does not match");

/**
 * A stolen session must not be able to guess the password it would need to take the account over: each
 * check counts against a per-address limit of wrong current passwords, before argon2 runs.
 */
async function assertCurrentPassword(ctx: AppContext, user: UserRow, currentPassword: string | undefined) {
  // An account made through a social login has no password yet: nothing to confirm.
  if (user.passwordHash === null) return;
  if (!currentPassword) throw wrongPassword();
  const ok = await verifyPasswordWithinLimits(ctx, {
    email: user.email,
    password: currentPassword,
    passwordHash: user.passwordHash,
  });
  if (!ok) throw wrongPassword();
}

/** Applies the pending address once its code was confirmed; the old address is told. */
export async function changeEmail(
  ctx: AppContext,
  auth: RequestAuth,
  input: { verification_token: string; current_password?: string | undefined },
): Promise<User> {
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) throw notFound("user");
  await assertCurrentPassword(ctx, user, input.current_password);
  const oldEmail = user.email;
  const result = await ctx.db.transaction(async (tx) => {
    const verified = await spendVerificationToken(ctx, tx, input.verification_token, "change_email");
    if (verified.userId !== user.id || verified.email !== user.pendingEmail?.toLowerCase()) {
      throw badRequest(
        "invalid_verification_token",
        "確認の有効期限が切れました。もう一度確認コードを取得してください。",
        "verification token does not belong to this user's pending change",
      );
    }
    const other = await findUserByEmail(tx, verified.email);
    if (other && other.id !== user.id) {
      throw conflict("email_taken", "このメールアドレスはすでに使われています。", "address belongs to another user");
    }
    await updateUser(tx, user.id, { email: verified.email, pendingEmail: null });
    await updateStaffEmail(tx, user.id, verified.email);
    // The old address is told by the send-mail job: only if the change commits, retried while SMTP is down.
    await ctx.jobs.enqueue(tx, "send-mail", emailChangedMail(oldEmail, verified.email));
    return getMe(ctx, user.id, tx);
  });
  return result;
}

export async function cancelEmailChange(ctx: AppContext, auth: RequestAuth): Promise<User> {
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, auth.userId, { pendingEmail: null });
    await invalidateUserCodes(tx, auth.userId, "change_email", ctx.now());
  });
  return getMe(ctx, auth.userId);
}

/** Changes the password and signs out every other session; this one stays. */
export async function changePassword(
  ctx: AppContext,
  auth: RequestAuth,
  input: { current_password?: string | undefined; new_password: string },
): Promise<User> {
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) throw notFound("user");
  await assertCurrentPassword(ctx, user, input.current_password);
  assertAcceptablePassword(input.new_password, user.email);
  const passwordHash = await hashPassword(input.new_password);
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await revokeUserSessions(tx, user.id, "password_changed", ctx.now(), auth.sessionId);
    await ctx.jobs.enqueue(tx, "send-mail", passwordChangedMail(user.email));
  });
  return getMe(ctx, user.id);
}

export async function agreeTerms(ctx: AppContext, auth: RequestAuth, termsVersion: string): Promise<User> {
  if (termsVersion !== ctx.config.termsVersion) {
    throw badRequest(
      "terms_version_mismatch",
      "利用規約が更新されています。画面を再読み込みして最新の利用規約をご確認ください。",
      `current terms version is ${ctx.config.termsVersion}`,
    );
  }
  await updateUser(ctx.db, auth.userId, { termsVersion, termsAgreedAt: ctx.now() });
  return getMe(ctx, auth.userId);
}
