/**
 * The one logger: pino, one JSON line per event on stdout. Request lines carry
 * the request id; client-caused problems (bad input, aborted connections) are
 * logged as one line without a stack trace, so nobody can flood the log with
 * them. LOG_LEVEL sets the level (default info; warn under Vitest).
 */
import pino from "pino";
import { config } from "./config.server";

export const log = pino({
  level: config().LOG_LEVEL,
  base: { pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
});

export type Logger = typeof log;
