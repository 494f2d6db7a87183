/**
 * `npm run staff -- invite EMAIL ROLE [NAME]`: staff accounts from the
 * command line, on the database the site uses. The invitation e-mail waits in
 * the outbox for the site to send; the link is printed here too. It works
 * while the site runs, on the embedded database too (site-database.ts).
 */

import { ROLE_LABELS, STAFF_ROLES } from "~/domain/staff/access";
import { config } from "~/server/config.server";
import { seedDatabase } from "~/server/seed.server";
import { inviteStaff } from "~/server/staff/accounts.server";
import { openCommandDatabase } from "./site-database";

const USAGE = `Usage: npm run staff -- invite EMAIL ROLE [NAME]
  ROLE is one of: ${STAFF_ROLES.join(", ")}`;

export async function runStaffCommand(args: string[]): Promise<number> {
  const [command, email, role, ...name] = args;
  const knownRole = STAFF_ROLES.find((r) => r === role);
  if (command !== "invite" || !email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || !knownRole) {
    console.error(USAGE);
    return 2;
  }
  const database = await openCommandDatabase(seedDatabase);
  try {
    const result = await inviteStaff(
      database.db,
      { email, role: knownRole, name: name.join(" ").trim() || email.split("@")[0] || email },
      null,
    );
    if (!result.ok) {
      console.error(result.error);
      return 1;
    }
    console.log(
      `Invited ${email} as ${ROLE_LABELS[knownRole]}. The e-mail goes out when the site runs; the link, valid once:\n${new URL(result.path, config().PUBLIC_URL).href}`,
    );
    return 0;
  } finally {
    await database.close();
  }
}
