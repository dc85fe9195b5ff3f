import { z } from "zod";

/**
 * The one rule for a person's first or last name, wherever it is set (sign-up, profile settings,
 * an OpenID Connect sign-up, the operator CLI). Names reach other people: in their pages and in
 * e-mails about enquiries and messages. So a name is plain text on one line: no markup and no web
 * address a mail client would turn into a link. Shared by the browser and the server.
 */

export const NAME_MAX_LENGTH = 100;

/** Line breaks in a single-line field would break wherever the value is shown or e-mailed. */
const LINE_BREAK = /[\r\n\u2028\u2029]/;
const MARKUP = /[<>]/;
/**
 * What a mail client or chat app turns into a link: a scheme (`https://`, `mailto:`), `www.`, or a
 * host name (`evil.example`, `pay@evil.example`), i.e. letters straight after a dot.
 */
const WEB_ADDRESS = /[a-z][a-z0-9+.-]*:\/\/|\b(?:mailto|javascript|data):|\bwww\.|\.[a-z]{2,}/i;

type NameProblem = "empty" | "line-break" | "markup" | "web-address" | "too-long";

function nameProblem(value: string): NameProblem | null {
  if (value === "") return "empty";
  if (LINE_BREAK.test(value)) return "line-break";
  if (MARKUP.test(value)) return "markup";
  if (WEB_ADDRESS.test(value)) return "web-address";
  if (value.length > NAME_MAX_LENGTH) return "too-long";
  return null;
}

function problemMessage(problem: NameProblem, label: string): string {
  switch (problem) {
    case "empty":
      return `Please enter your ${label}.`;
    case "line-break":
      return `Your ${label} must be on one line.`;
    case "markup":
      return `Your ${label} must not contain < or >.`;
    case "web-address":
      return `Your ${label} must not contain a web address (such as www.… or ….com).`;
    case "too-long":
      return `Your ${label} must be at most ${NAME_MAX_LENGTH} characters.`;
  }
}

/** A stored or supplied name that passes the rule (trimmed), for names that arrive from elsewhere. */
export function isAcceptableName(value: string): boolean {
  return nameProblem(value.trim()) === null;
}

/** A required name field, e.g. `personName("first name")`: trimmed, with one clear message per problem. */
export function personName(label: string) {
  return z
    .string()
    .trim()
    .superRefine((value, context) => {
      const problem = nameProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problemMessage(problem, label), input: value });
    });
}
