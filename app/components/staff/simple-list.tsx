/** The model application and feedback lists: name, when, status, a line of detail. */
import { Link } from "react-router";
import { StatusBadge } from "./record";
import { When } from "./ui";

export function SimpleList({
  label,
  base,
  items,
}: {
  label: string;
  base: string;
  items: { id: number; name: string; createdAt: string; status: string; detail?: string }[];
}) {
  if (items.length === 0) return <p className="text-muted">Nothing here.</p>;
  return (
    <ul className="space-y-3" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className="card flex flex-wrap items-start justify-between gap-3 p-4">
          <div>
            <Link to={`${base}/${item.id}`} className="text-lg font-semibold underline underline-offset-2">
              {item.name}
            </Link>
            <p className="text-sm text-muted">
              <When at={item.createdAt} />
              {item.detail ? ` · ${item.detail}` : ""}
            </p>
          </div>
          <StatusBadge status={item.status} />
        </li>
      ))}
    </ul>
  );
}
