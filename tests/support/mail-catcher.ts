import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  receivedAt: string;
}

export interface MailCatcher {
  port: number;
  url: string;
  messages: CaughtMail[];
  /** Resolves with the first message matching, waiting for it to arrive (bounded by timeoutMs). */
  waitFor(match: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps every message it receives, parsed. */
export async function startMailCatcher(port = 0): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        try {
          const parsed = await PostalMime.parse(Buffer.concat(chunks));
          messages.push({
            from: parsed.from?.address ?? session.envelope.mailFrom?.toString() ?? "",
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: parsed.html ?? "",
            headers: Object.fromEntries(parsed.headers.map((header) => [header.key, header.value])),
            receivedAt: new Date().toISOString(),
          });
          for (const wake of waiters) wake();
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const boundPort = typeof address === "object" && address ? address.port : port;

  return {
    port: boundPort,
    url: `smtp://127.0.0.1:${boundPort}`,
    messages,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching e-mail within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
