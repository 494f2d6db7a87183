import type { RouterContextProvider } from "react-router";
/**
 * The one gate of the staff console. Every /staff loader and action calls
 * one of these with its own key in STAFF_ROUTES (app/domain/staff/routes.ts),
 * and the permission comes from that table, never from the route module:
 * - signed out: redirected to the sign-in page (401 for a script's fetch);
 * - signed in without the permission: 403;
 * - signed in with it: the member of staff and their salon scope (decision 109), which every console query of
 *   records, counts and figures takes, so a record of a salon outside it is not found (404);
 * - a destructive action, or a page marked `fresh` (the backup, privacy), with no recent sign-in: back to the
 *   sign-in page to prove it again.
 */
import { data, redirect } from "react-router";
import { MAX_PICTURE_BYTES, uploadBodyBytes } from "~/domain/pictures";
import { isSitePath, pagePathOf } from "~/domain/site-path";
import {
  can,
  type Permission,
  ROLE_PERMISSIONS,
  type SalonScope,
  type StaffRole,
  salonScope,
} from "~/domain/staff/access";
import {
  type Access,
  STAFF_ROUTES,
  type StaffAction,
  type StaffRouteDef,
  type StaffRouteKey,
  staffPath,
} from "~/domain/staff/routes";
import { now } from "~/server/clock.server";
import { requestContext } from "~/server/request-context.server";
import { HttpError, NUL_MESSAGE, readJsonObject } from "../http.server";
import {
  isMultipart,
  MultipartError,
  readMultipart,
  removeUploads,
  type UploadedFile,
  UploadsBusyError,
} from "../multipart.server";
import type { Actor } from "./audit.server";
import { flushQuoteViews } from "./leads.server";
import { FORM_MINUTES, FRESH_MINUTES, readSession, type SessionUser } from "./session.server";

export interface StaffContext extends SessionUser, Actor {
  role: StaffRole;
  /** Whose records this member of staff sees: every salon's, or their salons' (ids). */
  scope: SalonScope;
  can(permission: Permission): boolean;
}

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

const FORBIDDEN_MESSAGE = "Your role does not give you access to this.";

/**
 * The session each request names, read once: a console page's loaders (the
 * layout's and the page's) run for the same request object, and each asks.
 * A request after an action (its revalidation) is a new object, so it reads
 * the session as the action left it.
 */
const sessionsRead = new WeakMap<Request, Promise<SessionUser | null>>();

/** Who is signed in on this request, if anyone. Grants nothing by itself. */
export async function currentStaff(args: Args): Promise<StaffContext | null> {
  let reading = sessionsRead.get(args.request);
  if (!reading) {
    reading = readSession(args.context.get(requestContext).db, args.request);
    sessionsRead.set(args.request, reading);
  }
  const session = await reading;
  if (!session || !(session.role in ROLE_PERMISSIONS)) return null;
  return {
    ...session,
    role: session.role as StaffRole,
    scope: salonScope(session.role, session.salonIds),
    can: (permission) => can(session.role, permission),
  };
}

const wantsJson = (request: Request) => (request.headers.get("content-type") ?? "").includes("application/json");

function signInRedirect(request: Request, fresh = false): never {
  const url = new URL(request.url);
  const json = wantsJson(request);
  // A script's post comes back to the page it was sent from, not to the resource it posted to.
  const from = json ? request.headers.get("referer") : null;
  const next = from
    ? safeNext(new URL(from, url).pathname)
    : pagePathOf(url.pathname) + (request.method === "GET" ? url.search : "");
  const signIn = `${staffPath("sign-in")}?${new URLSearchParams({ next, ...(fresh ? { fresh: "1" } : {}) })}`;
  if (json)
    throw data(
      { error: fresh ? "Please sign in again before this change." : "Please sign in again.", signIn },
      { status: 401 },
    );
  throw redirect(signIn);
}

/**
 * Whether this session was signed in (or confirmed) within the last FRESH_MINUTES, with `minutesLeft` of them
 * still to run, by the site's clock (clock.server.ts), so a browser test can let a sign-in age past "recent"
 * without waiting.
 */
export const signedInRecently = (staff: Pick<SessionUser, "signedInAt">, minutesLeft = 0) =>
  now().getTime() - staff.signedInAt.getTime() <= (FRESH_MINUTES - minutesLeft) * 60_000;

/** The sign-in page's "Confirm it's you", coming back to `next` (a console path) afterwards. */
export const confirmSignInPath = (next: string) =>
  `${staffPath("sign-in")}?${new URLSearchParams({ next: safeNext(next), fresh: "1" })}`;

/** `minutesLeft`: for a page, the time its forms are given (FORM_MINUTES); none for an action. */
function check(request: Request, staff: StaffContext, access: Access | null, fresh = false, minutesLeft = 0): void {
  if (access === "public" || access === null)
    throw new Error("A public staff page or action has no permission to check");
  if (!staff.can(access)) throw data({ error: FORBIDDEN_MESSAGE }, { status: 403 });
  if (fresh && !signedInRecently(staff, minutesLeft)) signInRedirect(request, true);
}

/**
 * For a page's loader: the member of staff, allowed to see the page. The
 * quote views this process has counted but not yet written are written
 * first, so what the page reads is up to date.
 */
export async function requireStaff(args: Args, key: StaffRouteKey): Promise<StaffContext> {
  const [staff] = await Promise.all([currentStaff(args), flushQuoteViews(args.context.get(requestContext).db)]);
  if (!staff) signInRedirect(args.request);
  const route: StaffRouteDef = STAFF_ROUTES[key];
  // A download has no form to fill in: only a page with forms is given their time.
  check(args.request, staff, route.page, route.fresh, route.download ? 0 : FORM_MINUTES);
  return staff;
}

/** A page anyone may reach (signing in): says who, if anyone, is signed in. */
export async function publicStaffPage(args: Args, key: StaffRouteKey): Promise<StaffContext | null> {
  if (STAFF_ROUTES[key].page !== "public") throw new Error(`${key} is not a public staff page`);
  return currentStaff(args);
}

type ActionInput = Record<string, string | undefined>;

const UPLOAD_FORBIDDEN_MESSAGE = "Your role does not let you upload pictures here.";

/**
 * The posted fields, from a form or a script's JSON, as strings; and the
 * files of a multipart form, read as they stream in (multipart.server.ts).
 * Only a screen that takes pictures gets files, and only from a member of
 * staff whose role may send them: that is decided before the body is read,
 * so nobody else can make the site hold a large body. Any other body was
 * already capped at a text form's size before it reached the router.
 */
async function readInput(
  { request, context }: Args,
  staff: StaffContext | null,
  key: StaffRouteKey,
): Promise<{ input: ActionInput; files: Record<string, UploadedFile> }> {
  if (wantsJson(request)) {
    let body: Record<string, unknown>;
    try {
      body = await readJsonObject(request);
    } catch (error) {
      if (error instanceof HttpError) throw data({ error: error.message }, { status: error.status });
      throw error;
    }
    return {
      input: Object.fromEntries(
        Object.entries(body).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
      ),
      files: {},
    };
  }
  if (isMultipart(request)) {
    const upload: StaffRouteDef["upload"] = (STAFF_ROUTES[key] as StaffRouteDef).upload;
    if (upload) {
      if (!staff) signInRedirect(request);
      if (!staff.can(upload.access))
        throw data({ error: UPLOAD_FORBIDDEN_MESSAGE }, { status: 403, headers: { Connection: "close" } });
    }
    try {
      const files = upload?.files ?? 0;
      const form = await readMultipart(request, {
        files,
        fileBytes: MAX_PICTURE_BYTES,
        bodyBytes: uploadBodyBytes(files),
      });
      // The connection closed while the form was read: no answer can reach anyone, and nothing is saved.
      if (request.signal.aborted) {
        await removeUploads(form.files);
        throw new MultipartError("The connection closed before the form was read.");
      }
      // The action reads the files while it runs; they go once the answer is sent (registered in the same tick
      // as the check above, so the connection's end cannot come between them).
      context.get(requestContext).afterResponse(() => void removeUploads(form.files));
      return { input: form.fields, files: form.files };
    } catch (error) {
      if (error instanceof UploadsBusyError)
        throw data({ error: error.message }, { status: 503, headers: { "Retry-After": "30", Connection: "close" } });
      if (error instanceof MultipartError) throw data({ error: error.message }, { status: 400 });
      throw error;
    }
  }
  const form = await request.formData().catch(() => null);
  if (!form) throw data({ error: "The form could not be read." }, { status: 400 });
  const input: ActionInput = {};
  // A field sent twice counts once (the first), except the rows ticked on a list and the salons ticked for an
  // account, which arrive as "3,7,12".
  for (const [k, v] of form)
    if (typeof v === "string")
      if (!(k in input)) input[k] = v;
      else if (k === "ids" || k === "salons") input[k] = `${input[k]},${v}`;
  return { input, files: {} };
}

function actionOf(key: StaffRouteKey, intent: string | undefined): StaffAction {
  const actions = STAFF_ROUTES[key].actions as Readonly<Record<string, StaffAction>>;
  const action = intent && Object.hasOwn(actions, intent) ? actions[intent] : undefined;
  if (!action) throw data({ error: "That is not something this page does." }, { status: 400 });
  return action;
}

export interface Granted<S> {
  staff: S;
  intent: string;
  input: ActionInput;
  /** The files of a form that takes them (a screen with `upload` in the table), by field name. */
  files: Record<string, UploadedFile>;
}

/**
 * For any /staff action: reads what was sent, finds its `intent` in the
 * table and, unless that is public, demands a session with the permission
 * (and a recent sign-in for a destructive one).
 */
export async function staffAction(args: Args, key: StaffRouteKey): Promise<Granted<StaffContext | null>> {
  const staff = await currentStaff(args);
  const { input, files } = await readInput(args, staff, key);
  // A form's fields as they were read (a JSON body was checked as it was parsed): PostgreSQL cannot store a NUL.
  if (Object.entries(input).some(([name, value]) => name.includes("\u0000") || value?.includes("\u0000")))
    throw data({ error: NUL_MESSAGE }, { status: 400 });
  const action = actionOf(key, input.intent);
  if (action.access !== "public") {
    if (!staff) signInRedirect(args.request);
    check(args.request, staff, action.access, action.fresh);
  }
  return { staff, intent: input.intent as string, input, files };
}

/** staffAction for a page whose actions all need a signed-in member of staff. */
export async function requireStaffAction(args: Args, key: StaffRouteKey): Promise<Granted<StaffContext>> {
  const granted = await staffAction(args, key);
  if (!granted.staff) throw new Error(`${key} ${granted.intent} is public: use staffAction`);
  return granted as Granted<StaffContext>;
}

/** The loader of a /staff resource that only takes posts. */
export function noPage(): Response {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/** Where to go after signing in: only ever a page of the console, never another site. */
export function safeNext(next: string | null | undefined): string {
  return next && /^\/staff(\/[A-Za-z0-9/_?=&.%-]*)?$/.test(next) && isSitePath(next) ? next : staffPath("");
}
