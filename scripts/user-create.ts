/**
 * `npm run user:create -- --email a@b.c --password '…' --role admin [--first-name A --last-name B]`
 * Creates a verified user with a password; the way to make the first admin in production.
 */
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { userRoles } from "~/db/schema";
import { createUser } from "~/modules/auth/create-user.server";
import { closeDatabase, databaseHandle } from "~/lib/db/index.server";
import { migrateDatabase } from "~/lib/db/migrate.server";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    role: { type: "string", default: "tenant" },
    "first-name": { type: "string" },
    "last-name": { type: "string" },
    phone: { type: "string" },
  },
});

if (!values.email || !values.password) {
  console.error(`Usage: npm run user:create -- --email <e-mail> --password <password> [--role ${userRoles.join("|")}]`);
  process.exit(2);
}

const handle = databaseHandle();
try {
  await migrateDatabase(handle);
  const user = await createUser(handle.db, {
    email: values.email,
    password: values.password,
    role: values.role as (typeof userRoles)[number],
    firstName: values["first-name"],
    lastName: values["last-name"],
    phone: values.phone,
    emailVerified: true,
  });
  console.log(`Created ${values.role} ${user.email} (${user.id}).`);
} catch (error) {
  if (error instanceof ZodError) {
    console.error(error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n"));
  } else if (String((error as { cause?: { code?: string } }).cause?.code ?? "") === "23505") {
    console.error(`A user with the e-mail ${values.email} already exists.`);
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
