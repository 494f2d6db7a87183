/**
 * The checks of a form field that need no library, shared by the Zod schemas
 * of app/domain/forms.ts (the server's validation) and the forms' script in
 * the browser (app/enhance/submission-form.ts), which cannot afford to load
 * Zod. Each schema field built in forms.ts carries a `FieldRule` describing
 * what it checks and with which message; the page sends those rules with the
 * form, and `fieldProblems` applies them the way the schema does, so the
 * messages a visitor sees before sending are the very ones the server would
 * answer (forms.test.ts holds the two side by side).
 */

// ---------------------------------------------------------------------------
// Text as typed
// ---------------------------------------------------------------------------

/**
 * Characters nobody types and no database should hold: C0 controls other than
 * tab and line breaks (PostgreSQL refuses NUL outright, so a NUL would turn a
 * bad request into a server error), and lone UTF-16 surrogates (which cannot be
 * encoded as UTF-8 and would be silently replaced on the way into the database).
 */
const UNTYPEABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Drops what `UNTYPEABLE` matches, so what is stored is exactly what was validated. */
export function withoutUntypeable(value: string): string {
  return value.replace(UNTYPEABLE, "");
}

// ---------------------------------------------------------------------------
// UK mobile numbers
// ---------------------------------------------------------------------------

/** Longest way anyone types a mobile number, spaces and +44 (0) included. */
const MAX_MOBILE_LENGTH = 32;

/**
 * UK mobile ranges after the leading 7 of the national number: 71–75 and 77–79
 * are mobiles; in 76 only 7624 (Isle of Man mobiles) is, the rest being pagers;
 * 70 is "personal numbering", which forwards anywhere and cannot take our SMS.
 */
const UK_MOBILE_NATIONAL = /^7(?:[1-57-9]\d{8}|624\d{6})$/;

/** What people type in a phone number besides digits and a leading "+". */
const PHONE_PUNCTUATION = /[\s().-]/g;

/**
 * Normalises a UK mobile number as people type it into E.164 (+447…), or null
 * when it is not a UK mobile (landline, too short or long, letters, foreign).
 *
 * Accepted spellings: 07700 900123, 07700-900-123, (07700) 900123, 7700 900123,
 * +44 7700 900123, +44 (0)7700 900123, 0044 7700 900123, 447700900123.
 */
export function normaliseUkMobile(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_MOBILE_LENGTH) return null;
  // Digits and punctuation only, "+" allowed once at the very start.
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;

  const international = trimmed.startsWith("+");
  const digits = trimmed.replace(PHONE_PUNCTUATION, "").replace(/^\+/, "");

  let national: string;
  if (international) {
    if (!digits.startsWith("44")) return null;
    // "+44 (0)7700…" keeps the trunk 0 that must not be dialled after +44.
    national = digits.slice(2).replace(/^0/, "");
  } else if (digits.startsWith("0044")) {
    national = digits.slice(4).replace(/^0/, "");
  } else if (digits.startsWith("44") && digits.length === 12) {
    national = digits.slice(2);
  } else if (digits.startsWith("0")) {
    national = digits.slice(1);
  } else {
    // Typed without the trunk 0 ("7700 900123"); the pattern below still insists on 10 digits.
    national = digits;
  }

  return UK_MOBILE_NATIONAL.test(national) ? `+44${national}` : null;
}

// ---------------------------------------------------------------------------
// E-mail addresses
// ---------------------------------------------------------------------------

/**
 * A practical address check: dot-separated local parts of the characters
 * people use, and a domain with a real top-level name. The schemas pass it to
 * Zod's `z.email`, so the browser and the server use this one pattern.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

// ---------------------------------------------------------------------------
// Field rules
// ---------------------------------------------------------------------------

/** What one field of a form checks, with the message of each check. */
export interface FieldRule {
  /** The message when the field is blank (spaces only count as blank). */
  required?: string;
  /** The most characters allowed once trimmed, and the message beyond. */
  max?: readonly [number, string];
  /** The value must be an e-mail address, a UK mobile or one of `options`; `message` when it is not. */
  format?: { kind: "email" | "uk-mobile" | "choice"; message: string; options?: readonly string[] };
  /** Blank is wrong only while this tick box is ticked. */
  requiredWith?: { field: string; message: string };
}

/** A tick box as a form posts it: "on" when ticked, absent otherwise. */
const ticked = (value: string | undefined) => value === "on" || value === "true";

/**
 * The messages of one field, in the order the schema reports them: what the
 * server would answer for the same values (each value as the form posts it).
 */
export function fieldProblems(rule: FieldRule, name: string, values: Readonly<Record<string, string>>): string[] {
  const typed = values[name] ?? "";
  // Free text drops what nobody types before it is checked; addresses, numbers and choices are checked as sent.
  const text = (rule.format ? typed : withoutUntypeable(typed)).trim();
  if (text === "") {
    if (rule.required) return [rule.required];
    if (rule.requiredWith && ticked(values[rule.requiredWith.field])) return [rule.requiredWith.message];
    return [];
  }
  if (rule.max && text.length > rule.max[0]) return [rule.max[1]];
  const format = rule.format;
  if (!format) return [];
  const fits =
    format.kind === "email"
      ? EMAIL_PATTERN.test(text)
      : format.kind === "uk-mobile"
        ? normaliseUkMobile(text) !== null
        : (format.options ?? []).includes(text);
  return fits ? [] : [format.message];
}

/** What the page tells the form's script about each field it shows, in the order of the error summary. */
export interface FormFieldScript {
  name: string;
  /** The control's id (a radio group's first radio), where the summary's link leads. */
  id: string;
  /** The id of the field's message list. */
  errorId: string;
  /** Put before the message in the summary. */
  label?: string;
  /** Absent for a field only the server checks. */
  rule?: FieldRule;
}
