/**
 * The account e-mails: subject, HTML body and plain-text alternative. Pure functions, so they can
 * be tested and previewed without sending anything. The HTML is a table layout with inline styles
 * (what mail clients render reliably); every value passed in is escaped.
 */

export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

interface Action {
  label: string;
  url: string;
}

export interface Layout {
  siteName: string;
  subject: string;
  /** The line inbox lists show after the subject. */
  preview: string;
  heading: string;
  greeting?: string;
  paragraphs: string[];
  action?: Action;
  /** A one-time code shown large, in place of a button. */
  code?: string;
  /** Paragraphs after the button or code (expiry, "if this wasn't you"), in smaller type. */
  after?: string[];
  /** Why the recipient got this e-mail, for the footer. */
  reason: string;
}

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const COLOURS = {
  page: "#f1f5f9",
  card: "#ffffff",
  band: "#1e293b",
  text: "#0f172a",
  muted: "#475569",
  brand: "#c2410c",
  footer: "#f8fafc",
  border: "#e2e8f0",
} as const;

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Names and codes on one line: a line break in a value must not shape the message. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

/** Only http(s) links go into an e-mail; anything else is a bug upstream, so it fails loudly. */
function safeUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`Not a URL for an e-mail link: ${value}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`Only http(s) links may go into an e-mail (got ${url.protocol})`);
  }
  return url.toString();
}

function paragraph(text: string, style = ""): string {
  return `<p style="margin:0 0 16px;${style}">${escapeHtml(text)}</p>`;
}

function actionButton({ label, url }: Action): string {
  const href = escapeHtml(url);
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
<tr><td style="border-radius:8px;background-color:${COLOURS.brand};">
<a href="${href}" target="_blank" style="display:inline-block;padding:12px 24px;border-radius:8px;font-family:${FONT};font-size:16px;font-weight:600;line-height:24px;color:#ffffff;text-decoration:none;">${escapeHtml(label)}</a>
</td></tr>
</table>
${paragraph("If the button doesn't work, copy this link into your browser:", `font-size:14px;line-height:20px;color:${COLOURS.muted};`)}
<p style="margin:0 0 24px;font-size:14px;line-height:20px;word-break:break-all;"><a href="${href}" target="_blank" style="color:${COLOURS.brand};text-decoration:underline;">${escapeHtml(url)}</a></p>`;
}

function codeBlock(code: string): string {
  return `<p style="margin:8px 0 24px;padding:16px 24px 16px 32px;border:1px solid ${COLOURS.border};border-radius:8px;background-color:${COLOURS.footer};font-family:'SFMono-Regular',Menlo,Consolas,monospace;font-size:32px;font-weight:700;line-height:40px;letter-spacing:8px;text-align:center;color:${COLOURS.text};">${escapeHtml(code)}</p>`;
}

function renderHtml(layout: Layout): string {
  const body = [
    layout.greeting ? paragraph(layout.greeting) : "",
    ...layout.paragraphs.map((text) => paragraph(text)),
    layout.action ? actionButton(layout.action) : "",
    layout.code ? codeBlock(layout.code) : "",
    ...(layout.after ?? []).map((text) => paragraph(text, `font-size:14px;line-height:20px;color:${COLOURS.muted};`)),
  ]
    .filter(Boolean)
    .join("\n");
  const siteName = escapeHtml(layout.siteName);
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(layout.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${COLOURS.page};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(layout.preview)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${COLOURS.page};">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;border-radius:12px;background-color:${COLOURS.card};">
<tr><td style="padding:20px 32px;border-radius:12px 12px 0 0;background-color:${COLOURS.band};font-family:${FONT};font-size:20px;font-weight:700;line-height:28px;color:#ffffff;">${siteName}</td></tr>
<tr><td style="padding:32px;font-family:${FONT};font-size:16px;line-height:24px;color:${COLOURS.text};">
<h1 style="margin:0 0 16px;font-size:24px;line-height:32px;font-weight:700;color:${COLOURS.text};">${escapeHtml(layout.heading)}</h1>
${body}
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid ${COLOURS.border};border-radius:0 0 12px 12px;background-color:${COLOURS.footer};font-family:${FONT};font-size:13px;line-height:20px;color:${COLOURS.muted};">
<p style="margin:0 0 4px;">${escapeHtml(layout.reason)}</p>
<p style="margin:0;font-weight:600;">${siteName}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function renderText(layout: Layout): string {
  const blocks = [
    layout.greeting,
    ...layout.paragraphs,
    layout.action?.url,
    layout.code,
    ...(layout.after ?? []),
    `—\n${layout.siteName}\n${layout.reason}`,
  ].filter((block): block is string => Boolean(block));
  return `${blocks.join("\n\n")}\n`;
}

/** Any product e-mail in the shared layout; every value is escaped, links must be http(s). */
export function email(input: Layout): EmailContent {
  const layout: Layout = {
    ...input,
    siteName: oneLine(input.siteName),
    subject: oneLine(input.subject),
    ...(input.action ? { action: { label: input.action.label, url: safeUrl(input.action.url) } } : {}),
    ...(input.code ? { code: oneLine(input.code) } : {}),
  };
  return { subject: layout.subject, html: renderHtml(layout), text: renderText(layout) };
}

export function verificationEmail({
  siteName,
  url,
  firstName,
}: {
  siteName: string;
  url: string;
  firstName?: string | null;
}): EmailContent {
  const name = firstName ? oneLine(firstName) : "";
  return email({
    siteName,
    subject: "Confirm your e-mail address",
    preview: `One click to finish setting up your ${siteName} account.`,
    heading: "Confirm your e-mail address",
    greeting: name ? `Hi ${name},` : "Hi,",
    paragraphs: [
      `This address was used to register a ${siteName} account. Please confirm that it is yours to finish setting the account up.`,
      "Confirming does not sign you in: afterwards you sign in with the password chosen at registration.",
    ],
    action: { label: "Confirm e-mail address", url },
    after: [
      "This link expires in 24 hours.",
      "If you didn't register, someone else entered your address: ignore this e-mail and the account stays inactive.",
    ],
    reason: `You received this e-mail because this address was used to sign up for ${siteName}.`,
  });
}

export function magicLinkEmail({ siteName, url }: { siteName: string; url: string }): EmailContent {
  return email({
    siteName,
    subject: `Your sign-in link for ${siteName}`,
    preview: "Your sign-in link expires in 15 minutes.",
    heading: `Sign in to ${siteName}`,
    paragraphs: ["Use the button below to sign in. No password needed."],
    action: { label: `Sign in to ${siteName}`, url },
    after: [
      "This link expires in 15 minutes and can be used once.",
      "If you didn't ask to sign in, you can ignore this e-mail. Nobody can sign in without this link.",
    ],
    reason: `You received this e-mail because someone asked to sign in to ${siteName} with this address.`,
  });
}

export function signInCodeEmail({ siteName, code }: { siteName: string; code: string }): EmailContent {
  return email({
    siteName,
    subject: `Your ${siteName} sign-in code`,
    preview: "Your one-time sign-in code expires in 15 minutes.",
    heading: "Your sign-in code",
    paragraphs: [`Enter this code on the ${siteName} sign-in page:`],
    code,
    after: [
      "The code expires in 15 minutes and can be used once. Never share it: we will never ask you for it.",
      "If you didn't ask to sign in, you can ignore this e-mail.",
    ],
    reason: `You received this e-mail because someone asked to sign in to ${siteName} with this address.`,
  });
}

export function accountDeletionCodeEmail({ siteName, code }: { siteName: string; code: string }): EmailContent {
  return email({
    siteName,
    subject: `Your code to delete your ${siteName} account`,
    preview: "Your one-time code expires in 15 minutes.",
    heading: "Confirm deleting your account",
    paragraphs: [`Enter this code on your ${siteName} account page to delete your account:`],
    code,
    after: [
      "The code expires in 15 minutes and can be used once. Deleting an account cannot be undone.",
      "If you didn't ask to delete your account, you can ignore this e-mail; nothing has changed.",
    ],
    reason: `You received this e-mail because someone signed in to ${siteName} as you asked to delete the account.`,
  });
}

export function passwordResetEmail({ siteName, url }: { siteName: string; url: string }): EmailContent {
  return email({
    siteName,
    subject: "Reset your password",
    preview: "Choose a new password. The link expires in 15 minutes.",
    heading: "Reset your password",
    paragraphs: [`Someone asked to reset the password of your ${siteName} account. Choose a new one here:`],
    action: { label: "Choose a new password", url },
    after: [
      "This link expires in 15 minutes and can be used once.",
      "If you didn't ask for this, you can ignore this e-mail: your password stays as it is.",
    ],
    reason: `You received this e-mail because a password reset was requested for your ${siteName} account.`,
  });
}

export function passwordChangedEmail({ siteName, supportUrl }: { siteName: string; supportUrl: string }): EmailContent {
  return email({
    siteName,
    subject: "Your password was changed",
    preview: `The password of your ${siteName} account was just changed.`,
    heading: "Your password was changed",
    paragraphs: [
      `The password of your ${siteName} account was just changed. For your security, every other device signed in to your account has been signed out.`,
      "If this was you, there's nothing else to do.",
      `If it wasn't you, reset your password straight away with "Forgot password" on the sign-in page, and contact us:`,
    ],
    action: { label: "Contact support", url: supportUrl },
    reason: `You received this e-mail because the password of your ${siteName} account was changed.`,
  });
}

export function twoFactorEnabledEmail({
  siteName,
  supportUrl,
}: {
  siteName: string;
  supportUrl: string;
}): EmailContent {
  return email({
    siteName,
    subject: "Two-factor authentication is on",
    preview: `Your ${siteName} account now asks for a code from your authenticator app.`,
    heading: "Two-factor authentication is on",
    paragraphs: [
      `Two-factor authentication was just turned on for your ${siteName} account. From now on, signing in asks for a code from your authenticator app as well as your password.`,
      "Keep your backup codes somewhere safe: they get you in if you lose your phone.",
      "If you didn't turn this on, reset your password and contact us straight away:",
    ],
    action: { label: "Contact support", url: supportUrl },
    reason: `You received this e-mail because the security settings of your ${siteName} account changed.`,
  });
}

export function twoFactorDisabledEmail({
  siteName,
  supportUrl,
}: {
  siteName: string;
  supportUrl: string;
}): EmailContent {
  return email({
    siteName,
    subject: "Two-factor authentication is off",
    preview: `Your ${siteName} account no longer asks for a code from your authenticator app.`,
    heading: "Two-factor authentication is off",
    paragraphs: [
      `Two-factor authentication was just turned off for your ${siteName} account. Signing in now needs only your password, magic link or e-mailed code.`,
      "If you didn't turn this off, someone may have your password: reset it, turn two-factor back on and contact us straight away:",
    ],
    action: { label: "Contact support", url: supportUrl },
    reason: `You received this e-mail because the security settings of your ${siteName} account changed.`,
  });
}

/**
 * To the owner of an account whose sign-in ceiling was reached by guesses from many networks:
 * password sign-in is paused for the window, and the e-mailed code still works.
 */
export function accountUnderAttackEmail({
  siteName,
  codeUrl,
  minutes,
}: {
  siteName: string;
  codeUrl: string;
  minutes: number;
}): EmailContent {
  return email({
    siteName,
    subject: `Your ${siteName} account is being attacked`,
    preview: "Password sign-in is paused for a while; a code sent by e-mail still signs you in.",
    heading: "Someone is trying to guess your password",
    paragraphs: [
      `Your ${siteName} account is being attacked: in the last ${minutes} minutes it has had more wrong passwords than we allow, from many different networks.`,
      `To protect it, signing in with a password is paused for up to ${minutes} minutes. You can still sign in straight away with a one-time code sent to this address:`,
    ],
    action: { label: "Sign in with an e-mailed code", url: codeUrl },
    after: [
      "If you use the same password on other sites, change it there, and consider turning on two-factor authentication in your account settings.",
      `We send this warning at most once every ${minutes} minutes while the attempts go on.`,
    ],
    reason: `You received this e-mail because of repeated failed sign-ins to your ${siteName} account.`,
  });
}
