/**
 * Who on the staff may do what: one table of role to allowed actions. The
 * server checks it on every /staff loader and action (requireStaff); the
 * console only hides what the server would refuse anyway.
 */

export const STAFF_ROLES = ["owner", "manager", "front-desk"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  owner: "Owner",
  manager: "Manager",
  "front-desk": "Front desk",
};

export const PERMISSIONS = [
  /** The console's home page and one's own devices, passkeys and sign-out. */
  "console.use",
  "leads.view",
  "leads.update",
  "applications.view",
  "applications.update",
  "applications.reply",
  "feedback.view",
  "feedback.update",
  "messages.view",
  "messages.resend",
  "dashboard.view",
  /** The funnel's counts and pounds (no one's details), of the salons one's account covers. */
  "funnel.view",
  "export",
  /** Upload the booking system's appointments, undo an import, set the webhook's secret. */
  "bookings.import",
  /** The bookings matched back: confirm or dismiss the uncertain ones, undo a match. */
  "bookings.review",
  "audit.view",
  "staff.manage",
  "settings.manage",
  /** The words, prices, pictures, offers and reviews visitors see on the public site. */
  "content.edit",
  /** Rights requests (find, export, erase someone's data) and the retention periods: the owner's alone. */
  "privacy.manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What only an owner does: staff accounts, the audit log, settings and people's data rights. */
const OWNER_ONLY: readonly Permission[] = ["audit.view", "staff.manage", "settings.manage", "privacy.manage"];

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  owner: PERMISSIONS,
  manager: PERMISSIONS.filter((permission) => !OWNER_ONLY.includes(permission)),
  // Works the leads and applications: reads them, sets status, writes notes. No export, no deletion.
  // Confirming a booking is working a lead, so the front desk does it too; importing and the webhook are not theirs.
  "front-desk": [
    "console.use",
    "leads.view",
    "leads.update",
    "bookings.review",
    "applications.view",
    "applications.update",
    "funnel.view",
  ],
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

export function can(role: string, permission: Permission): boolean {
  return isStaffRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * Which salons' records a member of staff sees (decision 109): every salon's, or only those listed (salons.id).
 * The gate (requireStaff) returns it with the account, and every console query of leads, applications,
 * bookings, messages, counts and the funnel takes it, so a record of another salon is simply not found.
 */
export type SalonScope = "all" | readonly number[];

/**
 * An account's scope from its role and its stored salons (staff_users.salon_ids, null for all): an owner
 * always sees the whole group, whatever is stored.
 */
export function salonScope(role: string, salonIds: readonly number[] | null): SalonScope {
  return role === "owner" || salonIds === null ? "all" : salonIds;
}

/** Whether a record of this salon is within the scope. */
export function inScope(scope: SalonScope, salonId: number): boolean {
  return scope === "all" || scope.includes(salonId);
}
