import type { LookupAddress } from "node:dns";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { outboundRequest, RefusedDestinationError, type Resolver } from "./outbound.server";

interface Listener {
  server: Server;
  port: number;
  asked: string[];
}
const listeners: Listener[] = [];
afterEach(() => {
  for (const { server } of listeners.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A server on `host` that records each request and answers with `answer` (a redirect when it has a location). */
function listen(host: string, answer: { status: number; location?: string } = { status: 200 }): Promise<Listener> {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    res.writeHead(answer.status, answer.location ? { Location: answer.location } : {}).end();
  });
  return new Promise((resolve) =>
    server.listen(0, host, () => {
      const listener = { server, port: (server.address() as AddressInfo).port, asked };
      listeners.push(listener);
      resolve(listener);
    }),
  );
}

/** A resolver that knows only `names`: what a public name's DNS says, set by whoever controls it. */
const resolverOf =
  (names: Record<string, string>): Resolver =>
  (hostname, _options, callback) => {
    const address = names[hostname];
    if (!address)
      return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }), []);
    callback(null, [{ address, family: address.includes(":") ? 6 : 4 } satisfies LookupAddress]);
  };

const send = (url: string, options: { allowed?: string[]; resolve?: Resolver } = {}, redirects = 0) =>
  outboundRequest(
    url,
    { method: "GET", timeoutMs: 2000, allowed: options.allowed ?? [], resolve: options.resolve },
    redirects,
  );

describe("requests the site makes to addresses staff typed", () => {
  it("refuses every internal address before connecting, however it is spelt", async () => {
    const local = await listen("127.0.0.1");
    for (const url of [
      `http://127.0.0.1:${local.port}/hooks`,
      `https://127.0.0.1:${local.port}/hooks`,
      `http://0x7f.1:${local.port}/`,
      `http://2130706433:${local.port}/`,
      `http://[::ffff:127.0.0.1]:${local.port}/`,
      "https://169.254.169.254/latest/meta-data/",
      "https://10.0.0.1/",
      "https://[::1]/",
      "https://[fd00:ec2::254]/latest/meta-data/",
      `http://localhost:${local.port}/`,
    ])
      await expect(send(url), url).rejects.toThrow(RefusedDestinationError);
    expect(local.asked).toEqual([]);
  });

  it("refuses a public name that resolves to an internal address, and connects to the address it judged", async () => {
    const local = await listen("127.0.0.1");
    const rebound = resolverOf({ "hooks.example": "127.0.0.1", "meta.example": "169.254.169.254" });
    await expect(send(`http://hooks.example:${local.port}/`, { resolve: rebound })).rejects.toThrow(
      /hooks\.example resolves to 127\.0\.0\.1, a loopback address/,
    );
    await expect(send("https://meta.example/", { resolve: rebound })).rejects.toThrow(RefusedDestinationError);
    expect(local.asked).toEqual([]);
    // With loopback allowed (a test's setting), the same name reaches the server through the injected lookup:
    // the connection goes to the address that was judged, not to a second lookup of the name.
    const answer = await send(`http://hooks.example:${local.port}/in`, { resolve: rebound, allowed: ["127.0.0.0/8"] });
    expect(answer.status).toBe(200);
    expect(local.asked).toEqual(["GET /in"]);
  });

  it("judges every redirect before following it, and refuses one to an internal address", async () => {
    // The first hop is the one address let through (as a closed network's booking server would be).
    const inside = await listen("127.0.0.1");
    const toLoopback = await listen("127.0.0.2", { status: 302, location: `http://127.0.0.1:${inside.port}/admin` });
    const toMetadata = await listen("127.0.0.2", { status: 301, location: "http://169.254.169.254/latest/meta-data/" });
    const toName = await listen("127.0.0.2", { status: 307, location: `http://internal.example:${inside.port}/` });
    const allowed = ["127.0.0.2/32"];
    const resolve = resolverOf({ "internal.example": "127.0.0.1" });
    await expect(send(`http://127.0.0.2:${toLoopback.port}/book`, { allowed }, 5)).rejects.toThrow(
      /127\.0\.0\.1 is a loopback address/,
    );
    await expect(send(`http://127.0.0.2:${toMetadata.port}/book`, { allowed }, 5)).rejects.toThrow(/link-local/);
    await expect(send(`http://127.0.0.2:${toName.port}/book`, { allowed, resolve }, 5)).rejects.toThrow(
      /internal\.example resolves to 127\.0\.0\.1/,
    );
    expect(toLoopback.asked).toEqual(["GET /book"]);
    expect(inside.asked).toEqual([]);
    // Not following (a webhook's POST): the redirect is the answer.
    expect((await send(`http://127.0.0.2:${toLoopback.port}/book`, { allowed })).status).toBe(302);
    expect(inside.asked).toEqual([]);
  });
});
