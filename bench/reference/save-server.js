// The save path's reference for `npm run bench -- saves`: bare Node and `pg`, storing what the site stores for a
// saved quote (the quote row, its e-mail and its text in the outbox) in the site's own database, so the same
// schema, indexes and triggers run. It prices nothing and sends nothing: the rows' content is copied from a quote
// the site saved (REFERENCE_TEMPLATE), with each request's client put in. Its outbox rows are due at 'infinity',
// so the site's outbox never sends them.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import pg from "pg";

/** @type {{ quote: Record<string, unknown>, jsonColumns: string[], messages: Record<string, unknown>[] }} */
const template = JSON.parse(process.env.REFERENCE_TEMPLATE ?? "{}");
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const { quote } = template;
/** The mobile as the site stores it (+44…), from what the client typed (07…). */
const stored = (mobile) =>
  String(quote.mobile).startsWith("+44") ? `+44${mobile.replace(/\D/g, "").slice(1)}` : mobile;
const keep = (column) => !["id", "created_at"].includes(column);
const quoteColumns = Object.keys(quote).filter(keep);

/** Each value of the template's client, as the same value for this request's. */
function substitute(value, from, to) {
  let text = JSON.stringify(value);
  for (const [key, old] of Object.entries(from))
    if (old) text = text.replaceAll(JSON.stringify(old).slice(1, -1), to[key]);
  return JSON.parse(text);
}

async function save(body) {
  const link = randomBytes(12).toString("base64url");
  const client = { link, name: body.name, mobile: stored(body.mobile), email: body.email };
  const from = { link: quote.link, name: quote.name, mobile: quote.mobile, email: quote.email };
  const row = { ...quote, ...client, referral: body.referral, regular: body.regular === "yes" };
  const values = quoteColumns.map((c) => (template.jsonColumns.includes(c) ? JSON.stringify(row[c]) : row[c]));
  const db = await pool.connect();
  try {
    await db.query("begin");
    await db.query(
      `insert into quotes (${quoteColumns.join(", ")}) values (${quoteColumns.map((_, i) => `$${i + 1}`).join(", ")})`,
      values,
    );
    for (const message of template.messages)
      await db.query(
        `insert into outbox (channel, recipient, template, payload, message_id, recipient_key, quota_seq, next_attempt_at)
         values ($1, $2, $3, $4, $5, $6, $7, 'infinity')`,
        [
          message.channel,
          substitute(message.recipient, from, client),
          message.template,
          JSON.stringify(substitute(message.payload, from, client)),
          `<${randomBytes(12).toString("hex")}@reference>`,
          substitute(message.recipient_key, from, client),
          message.quota_seq,
        ],
      );
    await db.query("commit");
  } catch (error) {
    await db.query("rollback");
    throw error;
  } finally {
    db.release();
  }
  return link;
}

createServer((req, res) => {
  if (req.method !== "POST" || req.url !== "/api/save-quote-details") return res.writeHead(404).end();
  let text = "";
  req.on("data", (chunk) => {
    text += chunk;
  });
  req.on("end", async () => {
    try {
      const body = JSON.parse(text);
      if (!body.name || !body.mobile || !body.email) return res.writeHead(400).end();
      const link = await save(body);
      res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ link }));
    } catch (error) {
      console.error(error);
      res.writeHead(500).end();
    }
  });
}).listen(Number(process.env.PORT), "127.0.0.1");

// Stopped by the bench between engines: its connections are closed, not cut, so the database logs nothing.
process.on("SIGTERM", () => {
  pool.end().then(() => process.exit(0));
});
