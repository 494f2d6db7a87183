/**
 * Where the build lives. BUILD_DIR is validated with every other setting in
 * config.server.ts, but that schema ships inside the build: the plain scripts
 * that build the site, start it or run its commands must find the build before
 * they can load it, so they look this one variable up here, with the same default.
 */
export const DEFAULT_BUILD_DIR = "build";

/** @param {Record<string, string | undefined>} env */
export const buildDirectory = (env = process.env) => env.BUILD_DIR || DEFAULT_BUILD_DIR;

/**
 * Where the staff console's own build lives (app/routes-console.ts), inside the site's.
 * @param {Record<string, string | undefined>} env
 */
export const consoleBuildDirectory = (env = process.env) => `${buildDirectory(env)}/console`;
