/**
 * `npm run staff -- invite EMAIL ROLE [NAME] [--salon=SALON[,SALON]]`: staff accounts from the
 * command line, on the database the site uses. The invitation e-mail waits in
 * the outbox for the site to send; the link is printed here too. It works
 * while the site runs, on the embedded database too (app/server/site-database.server.ts).
 * Without --salon the account sees every salon; with it, the salons named
 * (short name or id, decision 109).
 */

import { ROLE_LABELS, STAFF_ROLES } from "~/domain/staff/access";
import { config } from "~/server/config.server";
import { seedDatabase } from "~/server/seed.server";
import { openCommandDatabase } from "~/server/site-database.server";
import { inviteStaff, salonIdsNamed } from "~/server/staff/accounts.server";

const USAGE = `Usage: npm run staff -- invite EMAIL ROLE [NAME] [--salon=SALON[,SALON]]
  ROLE is one of: ${STAFF_ROLES.join(", ")}
  SALON is a salon's short name or id; without --salon the account sees every salon`;

const SALON_OPTION = "--salon=";

export async function runStaffCommand(args: string[]): Promise<number> {
  const salonOption = args.find((arg) => arg.startsWith(SALON_OPTION));
  const salonNames = salonOption?.slice(SALON_OPTION.length).split(",").filter(Boolean);
  const [command, email, role, ...name] = args.filter((arg) => arg !== salonOption);
  if (salonNames?.length === 0) {
    console.error(USAGE);
    return 2;
  }
  const knownRole = STAFF_ROLES.find((r) => r === role);
  if (command !== "invite" || !email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || !knownRole) {
    console.error(USAGE);
    return 2;
  }
  const database = await openCommandDatabase(seedDatabase);
  try {
    const salonIds = salonNames ? await salonIdsNamed(database.db, salonNames) : null;
    if (typeof salonIds === "string") {
      console.error(salonIds);
      return 1;
    }
    const result = await inviteStaff(
      database.db,
      { email, role: knownRole, name: name.join(" ").trim() || email.split("@")[0] || email, salonIds },
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
