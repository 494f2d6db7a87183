import { telHref } from "~/domain/format";
import type { OpeningDay } from "~/domain/salon-info";

export interface ContactSalon {
  id: number;
  name: string;
  shortName: string;
  address: string;
  town: string;
  postcode: string;
  telephone: string;
  bookingUrl: string;
  websiteUrl: string | null;
}

/** "01632 960214" → "tel:01632960214". */

/**
 * Days that share hours, in week order of their first day:
 * "Tue & Fri 9am – 5pm", "Wed & Thu 11am – 8pm", … for a one-glance summary.
 */
export function openingHoursSummary(days: readonly OpeningDay[]): { days: string; label: string }[] {
  const groups = new Map<string, string[]>();
  for (const d of days) groups.set(d.label, [...(groups.get(d.label) ?? []), d.day.slice(0, 3)]);
  return [...groups].map(([label, names]) => ({
    days: names.length > 1 ? `${names.slice(0, -1).join(", ")} & ${names.at(-1)}` : (names[0] ?? ""),
    label,
  }));
}

export function SalonAddress({ salon }: { salon: ContactSalon }) {
  return (
    <address className="not-italic leading-relaxed">
      {salon.address}
      <br />
      {salon.town} {salon.postcode}
    </address>
  );
}

export function PhoneLink({ salon, className = "" }: { salon: ContactSalon; className?: string }) {
  return (
    <a href={telHref(salon.telephone)} className={`font-medium underline underline-offset-4 ${className}`}>
      <span className="sr-only">Call {salon.name} on </span>
      {salon.telephone}
    </a>
  );
}

export function BookingLink({ salon, className = "btn-accent" }: { salon: ContactSalon; className?: string }) {
  return (
    <a href={salon.bookingUrl} rel="noopener" className={className}>
      Book online<span className="sr-only"> at {salon.name}</span>
    </a>
  );
}
