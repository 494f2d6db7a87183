import { createContext, useContext } from "react";

/**
 * The per-request Content-Security-Policy nonce. The server renders it into
 * the scripts it emits; in the browser it is an empty string (browsers hide
 * nonces from the DOM, and scripts added after hydration are modules loaded
 * from the site's own origin).
 */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
