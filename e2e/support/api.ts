import { signupWithEmailContract } from "@tasuki/contract/auth/signup-with-email.contract";
import { verificationCodeConfContract } from "@tasuki/contract/auth/verification-code-conf.contract";
import { verificationCodeNewContract } from "@tasuki/contract/auth/verification-code-new.contract";
import { newWorkspaceContract } from "@tasuki/contract/workspace/new-workspace.contract";
import { apiClient } from "../../apps/api/test/support/api-client.ts";
import { latestCode, mailCount, PASSWORD, uniqueEmail } from "./fixtures.ts";

/**
 * The journeys' set-up calls: the API tests' contract-typed client, over HTTP against the running product (its
 * address is known only once the global set-up started it). `api.ok` throws unless the call succeeded.
 */
export const api = apiClient(() => process.env.E2E_BASE_URL);

/** A user made through the public API, as set-up for journeys that are not about signing up. */
export async function createUser(options: { workspace?: string } = {}) {
  const email = uniqueEmail("api");
  const before = await mailCount(email);
  await api.ok(verificationCodeNewContract, { body: { email, purpose: "signup" } });
  const code = await latestCode(email, before);
  const { verification_token } = await api.ok(verificationCodeConfContract, {
    body: { email, code, purpose: "signup" },
  });
  const tokens = await api.ok(signupWithEmailContract, {
    body: {
      verification_token,
      password: PASSWORD,
      last_name: "佐藤",
      first_name: "花子",
      last_name_kana: "サトウ",
      first_name_kana: "ハナコ",
      agree_terms: true,
    },
  });
  if (options.workspace) {
    await api.ok(newWorkspaceContract, { body: { name: options.workspace } }, { token: tokens.access_token });
  }
  return { email, password: PASSWORD };
}
