import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, securityHeaders } from "./security";

/** One pass through the middleware: the headers it set and the nonce it handed on. */
function answer(middleware: ReturnType<typeof securityHeaders>) {
  const headers = new Map<string, string>();
  const res = {
    locals: {} as Record<string, unknown>,
    setHeader(name: string, value: string) {
      headers.set(name, value);
    },
  };
  let passedOn = false;
  middleware(
    {} as Request,
    res as unknown as Response,
    (() => {
      passedOn = true;
    }) as NextFunction,
  );
  return { headers, nonce: String(res.locals.cspNonce), passedOn };
}

describe("securityHeaders", () => {
  it("gives every answer a nonce of its own, 128 random bits", () => {
    const middleware = securityHeaders({ dev: false, hsts: true });
    const seen = new Set<string>();
    for (let i = 0; i < 600; i++) {
      const { nonce, passedOn } = answer(middleware);
      expect(passedOn).toBe(true);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(600);
  });

  it("sends the same policy as written out in full, with this answer's nonce", () => {
    for (const dev of [false, true]) {
      const { headers, nonce } = answer(securityHeaders({ dev, hsts: !dev }));
      expect(headers.get("Content-Security-Policy")).toBe(contentSecurityPolicy(nonce, dev));
      expect(headers.get("X-Frame-Options")).toBe("DENY");
      expect(headers.has("Strict-Transport-Security")).toBe(!dev);
    }
  });
});
