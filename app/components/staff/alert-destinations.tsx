import { Link } from "react-router";
import { STAFF_ROUTES, staffPath } from "~/domain/staff/routes";

/**
 * Where each salon's new-lead alerts are e-mailed, with the link to change
 * it: a salon without a front-desk address alerts the owners, which `owners`
 * names ("you" to an owner, "the owners" to anyone else). `linked` false
 * leaves the links out, for the setup page, where nobody is signed in yet
 * and the Salons screen would only send them to sign in.
 */
export function AlertDestinations({
  salons,
  owners,
  linked = true,
}: {
  salons: readonly { name: string; deskEmail: string | null }[];
  owners: "you" | "the owners";
  linked?: boolean;
}) {
  const href = staffPath(STAFF_ROUTES.salons.path);
  return (
    <ul className="space-y-2">
      {salons.map((s) => (
        <li key={s.name}>
          {s.deskEmail ? (
            <>
              New quotes for {s.name} are e-mailed to its front desk, {s.deskEmail}.{" "}
            </>
          ) : (
            <>
              New quotes for {s.name} are e-mailed to {owners} until you set its front-desk address.{" "}
            </>
          )}
          {linked ? (
            <Link to={href} className="whitespace-nowrap underline">
              {s.deskEmail ? "Change it" : "Set it"}
              <span className="sr-only"> for {s.name} on the Salons screen</span>
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
