import { Link } from "react-router";
import { STAFF_ROUTES, staffPath } from "~/domain/staff/routes";

/**
 * Where each salon's new-lead alerts are e-mailed, with the link to change
 * it: a salon without a front-desk address alerts the owners, which `owners`
 * names ("you" to an owner, "the owners" to anyone else).
 */
export function AlertDestinations({
  salons,
  owners,
}: {
  salons: readonly { name: string; deskEmail: string | null }[];
  owners: "you" | "the owners";
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
          <Link to={href} className="underline">
            {s.deskEmail ? "Change it" : "Set it"}
            <span className="sr-only"> for {s.name} on the Salons screen</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
