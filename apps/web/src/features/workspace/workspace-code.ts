const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"; // no l, o, 0, 1: easy to read aloud and to type

/** A random, valid and probably free workspace code to start from, e.g. `ws-k7m2qx`. */
export function suggestWorkspaceCode(random: (size: number) => Uint8Array = randomBytes): string {
  const bytes = random(6);
  let suffix = "";
  for (const byte of bytes) suffix += ALPHABET[byte % ALPHABET.length];
  return `ws-${suffix}`;
}

function randomBytes(size: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(size));
}
