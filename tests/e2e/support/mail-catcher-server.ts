import { createServer } from "node:http";
import { startMailCatcher } from "~/tests/support/mail-catcher";

// Runs beside the e2e server: receives its SMTP and lets tests read messages over HTTP.
const smtpPort = Number(process.env.E2E_MAIL_SMTP_PORT);
const apiPort = Number(process.env.E2E_MAIL_API_PORT);
const catcher = await startMailCatcher(smtpPort);

const api = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  if (url.pathname === "/health") {
    response.end("ok");
    return;
  }
  if (url.pathname === "/messages") {
    const to = url.searchParams.get("to")?.toLowerCase();
    const messages = to ? catcher.messages.filter((message) => message.to.includes(to)) : catcher.messages;
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify(messages));
    return;
  }
  response.statusCode = 404;
  response.end();
});
api.listen(apiPort, "127.0.0.1");

const stop = async () => {
  api.close();
  await catcher.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
