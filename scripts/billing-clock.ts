/**
 * `npm run billing:clock -- <e-mail> <step> [--url http://localhost:3000]`
 * Advances the sandbox subscription of <e-mail> on the running development server (the same as the
 * buttons on /dev/billing): trial-ends, renewal-succeeds, renewal-fails, retries-exhausted,
 * cancelled. It asks the server rather than opening the database, because the embedded database
 * belongs to the server process; development pages answer loopback clients only.
 */
import { parseArgs } from "node:util";
import { SANDBOX_CLOCK_STEPS, type SandboxClockStep } from "~/lib/adapters/payments/sandbox-clock";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: "string", default: process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}` },
  },
});
const [email, step] = positionals;
const isStep = (value: string | undefined): value is SandboxClockStep =>
  SANDBOX_CLOCK_STEPS.some((candidate) => candidate === value);

if (!email || !isStep(step)) {
  console.error(`Usage: npm run billing:clock -- <e-mail> <${SANDBOX_CLOCK_STEPS.join("|")}> [--url <server>]`);
  process.exit(2);
}

const response = await fetch(new URL("/dev/billing", values.url), {
  method: "POST",
  body: new URLSearchParams({ email, step }),
});
const text = await response.text();
if (!response.ok) {
  console.error(`The server refused (${response.status}): ${text.slice(0, 300)}`);
  process.exit(1);
}
console.log(`${step}: done for ${email}.`);
