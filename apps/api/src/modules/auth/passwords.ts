import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";
import { badRequest } from "../../lib/app-error.ts";

// OWASP's recommended argon2id parameters: 19 MiB of memory, 2 iterations, 1 lane.
// `algorithm: 2` is the library's Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const common = new Set(dictionary["passwords-common"]);

/** Refuses what a guesser tries first: the 50,000 commonest passwords, and the user's own address. */
export function assertAcceptablePassword(password: string, email?: string): void {
  const lowered = password.toLowerCase();
  if (common.has(lowered) || (email && lowered === email.toLowerCase())) {
    throw badRequest(
      "weak_password",
      "このパスワードはよく使われているため使用できません。推測されにくいパスワードを入力してください。",
      "password is in the common-password list",
    );
  }
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// Verifying against a real hash even for unknown users keeps login timing the same either way.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash("tasuki-dummy-password", options);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
