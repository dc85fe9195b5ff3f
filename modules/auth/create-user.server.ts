import { randomUUID } from "node:crypto";
import { z } from "zod";
import { accounts, profiles, subscriptionStatuses, userRoles, users } from "~/db/schema";
import type { Executor } from "~/lib/db/client.server";
import { hashPassword } from "~/lib/password.server";
import { personName } from "~/modules/profiles/person-name";

export const newUserSchema = z.object({
  email: z.email({ error: "Enter a valid e-mail address" }).transform((email) => email.toLowerCase()),
  password: z.string().min(6, { error: "Password must be at least 6 characters long" }),
  firstName: personName("first name").optional(),
  lastName: personName("last name").optional(),
  phone: z.string().trim().max(32).optional(),
  role: z.enum(userRoles).default("tenant"),
  subscriptionStatus: z.enum(subscriptionStatuses).default("inactive"),
  emailVerified: z.boolean().default(false),
});

export type NewUser = z.input<typeof newUserSchema>;

/**
 * Creates a user with a password credential and a profile, in one transaction.
 * Used by the operator CLI and the demo seed; sign-up goes through the auth library.
 */
export async function createUser(executor: Executor, input: NewUser): Promise<{ id: string; email: string }> {
  const user = newUserSchema.parse(input);
  const passwordHash = await hashPassword(user.password);
  const id = randomUUID();
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;
  const now = new Date();
  await executor.transaction(async (tx) => {
    await tx.insert(users).values({ id, name, email: user.email, emailVerified: user.emailVerified });
    await tx.insert(accounts).values({
      id: randomUUID(),
      accountId: id,
      providerId: "credential",
      userId: id,
      password: passwordHash,
    });
    await tx.insert(profiles).values({
      id,
      role: user.role,
      subscriptionStatus: user.subscriptionStatus,
      subscriptionPlan: user.subscriptionStatus === "active" ? "Professional Plan" : null,
      subscriptionStartDate: user.subscriptionStatus === "active" ? now : null,
      firstName: user.firstName ?? null,
      lastName: user.lastName ?? null,
      phone: user.phone ?? null,
    });
  });
  return { id, email: user.email };
}
