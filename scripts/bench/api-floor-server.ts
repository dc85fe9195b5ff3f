/**
 * The floor `bench:api --floor` holds the REST API against: a bare `node:http` server that reads a
 * listing by primary key, or a page of 20 public listings, with node-postgres and answers it as
 * JSON. No framework, key, limiter, log or validation: what any server must at least spend on the
 * same read. Started by bench:api as a process of its own (Node runs this file's TypeScript as is),
 * with DATABASE_URL, HOST and PORT; `/healthz` answers when it is listening.
 */
import { createServer } from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const BY_ID = "select * from listings where listing_id = $1";
const PAGE =
  "select * from listings where available_from is not null and status in ('available', 'let') " +
  "order by created_at desc, listing_id limit 20";
const ONE = /^\/api\/listings\/([0-9a-f-]{36})$/;

async function answer(url: string): Promise<{ status: number; body: unknown }> {
  if (url === "/healthz") return { status: 200, body: { ok: true } };
  const id = ONE.exec(url)?.[1];
  if (id) {
    const { rows } = await pool.query(BY_ID, [id]);
    return rows[0] ? { status: 200, body: rows[0] } : { status: 404, body: { title: "Not found" } };
  }
  if (url === "/api/listings") return { status: 200, body: { data: (await pool.query(PAGE)).rows } };
  return { status: 404, body: { title: "Not found" } };
}

createServer((request, response) => {
  answer(request.url ?? "/").then(
    ({ status, body }) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    },
    () => {
      response.writeHead(500);
      response.end();
    },
  );
}).listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
