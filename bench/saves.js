// Saving quotes: the site against a bare Node + `pg` reference storing the same rows (bench/reference/
// save-server.js: the quote, its e-mail and its text in the outbox, in the site's own database, so the same schema
// and triggers run), alternated in the same minutes, three rounds each; CPU milliseconds per save of each server's
// process tree (the embedded database's processes apart), the site's counted until the last message of its round
// reached the stand-in SMTP server and Twilio. Then whether every message went once within 5 s, and, on a
// PostgreSQL server, each salon's alert.
import { fork } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import pg from "pg";
import {
  BASE,
  children,
  cpuMs,
  databaseUrlOf,
  fixtures,
  loadFigures,
  median,
  round1,
  round2,
  row,
  SAVE_REFERENCE_PORT,
  saveQuote,
  startProcess,
  startSite,
  stopSite,
  wait,
  warmUp,
} from "./lib.js";

/** How long each saving load lasts (BENCH_SAVE_SECONDS). */
const SAVE_SECONDS = Number(process.env.BENCH_SAVE_SECONDS ?? 5);

/** The stand-in SMTP server and Twilio, in a process of their own; `counts()` asks what has arrived. */
async function startProviders() {
  const child = fork(path.resolve("bench/fake-providers.js"), { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  children.add(child);
  const [ports] = await once(child, "message");
  const ask = async (message) => {
    child.send(message);
    if (message !== "counts") return undefined;
    const [counts] = await once(child, "message");
    return counts;
  };
  return {
    env: {
      SMTP_URL: `smtp://127.0.0.1:${ports.smtpPort}`,
      TWILIO_ACCOUNT_SID: "ACbench",
      TWILIO_AUTH_TOKEN: "bench",
      TWILIO_FROM: "+447700900000",
      TWILIO_API_BASE: `http://127.0.0.1:${ports.twilioPort}`,
      // Every save sends its text: the daily ceiling is not what is measured.
      SMS_DAILY_LIMIT: "100000000",
    },
    counts: () => ask("counts"),
    reset: () => ask("reset"),
    stop: () => child.kill(),
  };
}

/** A different client for every save of the run, the site's and the reference's alike. */
let nextClient = 1000;

/** The load: as many saves as come in SAVE_SECONDS over 10 connections, each a new client's. */
function savingLoad(url, quoteBody, sentAt) {
  return {
    url: `${url}/api/save-quote-details`,
    connections: 10,
    duration: SAVE_SECONDS,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        setupRequest: (req) => {
          const body = quoteBody(nextClient++);
          sentAt?.set(body.name.split(" ")[0], Date.now());
          return { ...req, body: JSON.stringify(body) };
        },
      },
    ],
  };
}

/**
 * One round of the site saving: the load, then until the last e-mail and text of those saves reached the
 * stand-ins (at most 60 s), and a second more, so anything sent twice shows as more messages than saves.
 */
async function siteRound(sitePid, quoteBody, providers, { alerts = false } = {}) {
  await providers.reset();
  const sentAt = new Map();
  const before = { own: cpuMs(sitePid, { withoutDatabase: true }), all: cpuMs(sitePid) };
  const saved = await loadFigures(savingLoad(BASE, quoteBody, sentAt));
  const loadEnded = Date.now();
  let counts = await providers.counts();
  const waiting = (c) => c.mails < saved.ok || c.texts < saved.ok || (alerts && c.alerts.length < saved.ok);
  while (waiting(counts) && Date.now() - loadEnded < 60_000) {
    await wait(50);
    counts = await providers.counts();
  }
  const allSent = counts.mails >= saved.ok && counts.texts >= saved.ok;
  const own = cpuMs(sitePid, { withoutDatabase: true }) - before.own;
  const all = cpuMs(sitePid) - before.all;
  await wait(1000);
  counts = await providers.counts();
  const round = {
    ...saved,
    cpuMsPerSave: own / saved.ok,
    dbCpuMsPerSave: (all - own) / saved.ok,
    mails: counts.mails,
    texts: counts.texts,
    distinctMails: counts.distinctMails,
    distinctTexts: counts.distinctTexts,
    allSent,
    lastSentAfterLoadMs: allSent ? Math.max(0, counts.lastAt - loadEnded) : null,
  };
  if (alerts) {
    // Each alert's delay: from its save being sent to its e-mail reaching the salon's stand-in.
    const delays = counts.alerts
      .map(([client, at]) => at - (sentAt.get(client) ?? Number.NaN))
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    round.alerts = { received: counts.alerts.length, matched: delays.length, maxMs: delays.at(-1) ?? null };
  }
  console.error(`save round (site): ${JSON.stringify(round)}`);
  return round;
}

/** Until no message has arrived for a second (at most 60 s): the warm-up's messages are not a round's. */
async function settle(providers) {
  const deadline = Date.now() + 60_000;
  let last = -1;
  for (;;) {
    const { mails, texts } = await providers.counts();
    if (mails + texts === last || Date.now() > deadline) return;
    last = mails + texts;
    await wait(1000);
  }
}

/** One round of the reference saving: the load, and its CPU (and, on the embedded database, the database's). */
async function referenceRound(reference, sitePid, quoteBody) {
  const before = { own: cpuMs(reference.pid), db: cpuMs(sitePid) - cpuMs(sitePid, { withoutDatabase: true }) };
  const saved = await loadFigures(savingLoad(reference.url, quoteBody));
  const own = cpuMs(reference.pid) - before.own;
  const db = cpuMs(sitePid) - cpuMs(sitePid, { withoutDatabase: true }) - before.db;
  const round = { ...saved, cpuMsPerSave: own / saved.ok, dbCpuMsPerSave: db / saved.ok };
  console.error(`save round (reference): ${JSON.stringify(round)}`);
  return round;
}

/** Copies what the site stored for one saved quote: the reference stores the same for each of its saves. */
async function templateOf(databaseUrl, link) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const quote = await db.query("select * from quotes where link = $1", [link]);
    const messages = await db.query(
      `select channel, recipient, template, payload, recipient_key, quota_seq from outbox
       where payload->>'link' = $1 and template in ('quote-email', 'quote-sms') order by id`,
      [link],
    );
    if (messages.rows.length !== 2) throw new Error(`the saved quote has ${messages.rows.length} messages, not 2`);
    // jsonb (3802) and json (114) columns are sent as JSON text; pg would send an array as a PostgreSQL array.
    const jsonColumns = quote.fields.filter((f) => [114, 3802].includes(f.dataTypeID)).map((f) => f.name);
    return { quote: quote.rows[0], jsonColumns, messages: messages.rows };
  } finally {
    await db.end();
  }
}

/**
 * Gives every salon a front-desk address on the site's own database, so each save under load also queues its
 * salon's alert: the bench then times the alerts as the saves come in.
 */
async function alertEverySalon(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    `insert into salon_alerts (salon_id, email) select id, 'desk' || id || '@bench.example' from salons
     on conflict (salon_id) do update set email = excluded.email`,
  );
  await client.end();
}

/** Every message of a round sent within 5 s of the end of its load, each once. */
const deliveredInTime = (d) =>
  d.allSent &&
  d.lastSentAfterLoadMs <= 5000 &&
  // Saves still under way when the window closed are stored and sent too, without their answer being counted:
  // at most one a connection more than the answered saves.
  d.mails >= d.ok &&
  d.mails <= d.ok + 10 &&
  d.texts === d.mails &&
  d.distinctMails === d.mails &&
  d.distinctTexts === d.texts;

async function measureEngine(engine, env, providers) {
  const site = await startSite({ ...providers.env, ...env });
  const rows = [];
  let reference;
  try {
    const databaseUrl = databaseUrlOf(site.env);
    const { quoteBody } = await fixtures();
    const first = await saveQuote(quoteBody(nextClient++));
    await wait(1000);
    reference = await startProcess(
      process.execPath,
      ["bench/reference/save-server.js"],
      {
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          PORT: String(SAVE_REFERENCE_PORT),
          REFERENCE_TEMPLATE: JSON.stringify(await templateOf(databaseUrl, first.link)),
        },
      },
      `http://127.0.0.1:${SAVE_REFERENCE_PORT}/`,
    );
    reference.url = `http://127.0.0.1:${SAVE_REFERENCE_PORT}`;
    await warmUp(savingLoad(BASE, quoteBody));
    await warmUp(savingLoad(reference.url, quoteBody));
    await settle(providers);
    const sites = [];
    const references = [];
    for (let round = 0; round < 3; round++) {
      sites.push(await siteRound(site.child.pid, quoteBody, providers));
      references.push(await referenceRound(reference, site.child.pid, quoteBody));
    }
    const siteCpu = round2(median(sites.map((r) => r.cpuMsPerSave)));
    const referenceCpu = round2(median(references.map((r) => r.cpuMsPerSave)));
    const ratio = round1(siteCpu / referenceCpu);
    const embedded = !env.DATABASE_URL;
    const db = (rounds) =>
      embedded ? ` +${round2(median(rounds.map((r) => r.dbCpuMsPerSave)))} ms in the database` : "";
    rows.push(
      row(`save-quote ${engine}: CPU a save`, `${siteCpu} ms (${ratio}×)`, {
        reference: `${referenceCpu} ms, bare Node + pg storing the same rows`,
        target: "at most 3× the reference",
        met: ratio <= 3,
        detail: `CPU of each server's process tree per answered save, the database apart, median of three rounds alternated (site ${sites.map((r) => round2(r.cpuMsPerSave)).join("/")} ms${db(sites)}, counted until its messages had left; reference ${references.map((r) => round2(r.cpuMsPerSave)).join("/")} ms${db(references)}); saves/s site ${sites.map((r) => r.rps).join("/")}, reference ${references.map((r) => r.rps).join("/")}`,
      }),
    );
    const worst = sites.reduce((slowest, d) =>
      !d.allSent || (slowest.allSent && d.lastSentAfterLoadMs > slowest.lastSentAfterLoadMs) ? d : slowest,
    );
    rows.push(
      row(
        `save-quote ${engine}: messages`,
        worst.allSent
          ? `last sent ${round1(worst.lastSentAfterLoadMs / 1000)} s after the load`
          : "NOT ALL SENT within 60 s",
        {
          target: "every message within 5 s of the load, each once",
          met: sites.every(deliveredInTime),
          detail: `the slowest of three loads of ${worst.ok} quotes (each a different client): ${worst.mails} e-mails and ${worst.texts} texts received${sites.some((r) => r.distinctMails < r.mails || r.distinctTexts < r.texts) ? " (SOME TWICE)" : ", each once"}`,
        },
      ),
    );
    const rps = median(sites.map((r) => r.rps));
    rows.push(
      row(`save-quote ${engine}: rate`, `${rps} saves/s`, {
        reference: `${median(references.map((r) => r.rps))} saves/s`,
        target: embedded ? "–" : "at least 400 saves/s",
        met: embedded ? undefined : rps >= 400,
        detail: `answered saves over each ${SAVE_SECONDS} s window, median of ${sites.map((r) => r.rps).join("/")}`,
      }),
    );
    if (!embedded) {
      // Each salon's alert: one more load with every salon's front desk set, timed from save to arrival.
      await alertEverySalon(databaseUrl);
      const round = await siteRound(site.child.pid, quoteBody, providers, { alerts: true });
      const everyOne = round.alerts.matched >= round.ok;
      rows.push(
        row(
          `save-quote ${engine}: salon alerts`,
          everyOne
            ? `slowest ${round1(round.alerts.maxMs / 1000)} s after its save`
            : "NOT EVERY ALERT ARRIVED within 60 s",
          {
            target: "every one within 60 s",
            met: everyOne && round.alerts.maxMs <= 60_000,
            detail: `each save's alert e-mail to its salon's front desk, from the save being sent to its arrival, over one load (${round.alerts.matched} of ${round.ok})`,
          },
        ),
      );
    }
  } finally {
    await reference?.stop();
    await stopSite(site);
  }
  return rows;
}

/** @param {{ pgDatabase?: () => Promise<{ url: string, drop(): Promise<void> }> }} bench */
export async function saves({ pgDatabase }) {
  const providers = await startProviders();
  const rows = [];
  try {
    rows.push(...(await measureEngine("embedded", { DATABASE_URL: "" }, providers)));
    if (pgDatabase) {
      const database = await pgDatabase();
      try {
        rows.push(...(await measureEngine("postgres", { DATABASE_URL: database.url }, providers)));
      } finally {
        await database.drop();
      }
    }
  } finally {
    providers.stop();
  }
  return rows;
}
