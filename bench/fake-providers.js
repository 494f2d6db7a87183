// The outside world for `npm run bench`, in a process of its own so that the
// load generator and these servers do not share an event loop: an SMTP server
// (smtp-server) and an HTTP server answering like Twilio's Messages endpoint.
// They only count what arrives and when; the parent asks over IPC.
import { createServer } from "node:http";
import { SMTPServer } from "smtp-server";

const counts = { mails: 0, texts: 0, lastAt: 0 };
/**
 * The salons' alerts of new quotes (to desk…@ addresses), apart from the clients' messages: each one's
 * client, by the letters-only first name the bench gives every client, and when it arrived.
 * @type {[string, number][]}
 */
const alerts = [];
/** Each message's Message-ID, and each text's number and words: a second arrival of one is a duplicate. */
const seen = { mails: new Set(), texts: new Set() };

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const alert = session.envelope.rcptTo.some((to) => to.address.startsWith("desk"));
    let head = "";
    stream.on("data", (chunk) => {
      if (alert || head.length < 4096) head += chunk.toString("utf8");
    });
    stream.on("end", () => {
      if (alert) {
        alerts.push([/\b([A-Za-z]+) saved a quote on the website/.exec(head)?.[1] ?? "", Date.now()]);
        return callback();
      }
      seen.mails.add(/^Message-ID:\s*(.+)$/im.exec(head)?.[1]?.trim() ?? `unnamed ${counts.mails}`);
      counts.mails++;
      counts.lastAt = Date.now();
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, "127.0.0.1", () => resolve(undefined)));

let sid = 0;
const twilio = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => {
    body += chunk;
  });
  req.on("end", () => {
    const form = new URLSearchParams(body);
    seen.texts.add(`${form.get("To")} ${form.get("Body")}`);
    counts.texts++;
    counts.lastAt = Date.now();
    res.writeHead(201, { "Content-Type": "application/json" }).end(JSON.stringify({ sid: `SM${++sid}` }));
  });
});
await new Promise((resolve) => twilio.listen(0, "127.0.0.1", () => resolve(undefined)));

process.on("message", (message) => {
  if (message === "counts")
    process.send?.({ ...counts, distinctMails: seen.mails.size, distinctTexts: seen.texts.size, alerts });
  if (message === "reset") {
    Object.assign(counts, { mails: 0, texts: 0, lastAt: 0 });
    seen.mails.clear();
    seen.texts.clear();
    alerts.length = 0;
  }
});
/** @param {import("node:net").Server} server */
const portOf = (server) => /** @type {import("node:net").AddressInfo} */ (server.address()).port;
process.send?.({ smtpPort: portOf(smtp.server), twilioPort: portOf(twilio) });
