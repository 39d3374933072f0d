import { latestCode, mailCount, PASSWORD, uniqueEmail } from "./fixtures.ts";

async function post(path: string, body: unknown, token?: string) {
  const response = await fetch(`${process.env.E2E_BASE_URL}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** A user made through the public API, as set-up for journeys that are not about signing up. */
export async function createUser(options: { workspace?: string } = {}) {
  const email = uniqueEmail("api");
  const before = await mailCount(email);
  await post("/app/auth/verification-code/new", { email, purpose: "signup" });
  const code = await latestCode(email, before);
  const { verification_token } = await post("/app/auth/verification-code/conf", { email, code, purpose: "signup" });
  const tokens = await post("/app/auth/signup-with-email", {
    verification_token,
    password: PASSWORD,
    last_name: "佐藤",
    first_name: "花子",
    last_name_kana: "サトウ",
    first_name_kana: "ハナコ",
    agree_terms: true,
  });
  if (options.workspace) await post("/app/workspace/new", { name: options.workspace }, tokens.access_token);
  return { email, password: PASSWORD };
}
