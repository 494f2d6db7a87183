import { describe, expect, it } from "vitest";
import { can, PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES } from "./access";
import { STAFF_ROUTES } from "./routes";

describe("staff roles", () => {
  it("owners may do everything; the front desk works leads and applications but never exports, replies or reads the audit log", () => {
    for (const permission of PERMISSIONS) expect(can("owner", permission)).toBe(true);
    for (const permission of ["leads.view", "leads.update", "applications.view", "applications.update"] as const)
      expect(can("front-desk", permission)).toBe(true);
    for (const permission of ["export", "audit.view", "staff.manage", "applications.reply", "feedback.view"] as const)
      expect(can("front-desk", permission)).toBe(false);
    expect(can("manager", "export")).toBe(true);
    expect(can("manager", "audit.view")).toBe(false);
    expect(can("intruder", "leads.view")).toBe(false);
  });

  it("every permission the route table asks for exists, and every role's permissions are real ones", () => {
    for (const role of STAFF_ROLES) for (const p of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(p);
    for (const route of Object.values(STAFF_ROUTES)) {
      const asked = [
        route.page,
        ...Object.values(route.actions as Record<string, { access: string }>).map((a) => a.access),
      ];
      for (const access of asked) if (access !== null && access !== "public") expect(PERMISSIONS).toContain(access);
    }
  });
});
