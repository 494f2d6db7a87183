/**
 * Every form carries an idempotency key, made on the server when the form is
 * rendered (a hidden field, so it works without JavaScript). A submission
 * sent again after its answer was lost (a dropped connection, a restart)
 * carries the same key and gets the same answer, instead of storing and
 * sending everything twice.
 */
export const IDEMPOTENCY_FIELD = "idempotency_key";
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;

/** 122 random bits: unguessable, so nobody can read another visitor's answer by its key. */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/** Form pages carry a fresh key per visitor: never stored by any cache. */
export const FORM_PAGE_HEADERS = { "Cache-Control": "private, no-store" } as const;
