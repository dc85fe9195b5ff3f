import { hash, verify } from "@node-rs/argon2";

// `Algorithm` is a const enum in @node-rs/argon2 (empty at run time under Vite): 2 is Argon2id.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** argon2id hash in PHC string format (OWASP's recommended parameters). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
