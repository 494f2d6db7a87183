/** The appointment that booked a quote (decision 070), on the lead's page: when, where, with whom, for how much. */

import { Link } from "react-router";
import { formatGBP } from "~/domain/format";
import { staffPath } from "~/domain/staff/routes";
import { Notice, When } from "./ui";

export interface BookedAppointmentView {
  startsAt: string;
  salonName: string;
  stylistName: string;
  service: string;
  valuePence: number | null;
}

export function BookedAppointment({ booking }: { booking: BookedAppointmentView | null }) {
  if (!booking) return null;
  return (
    <Notice tone="success">
      Booked in the booking system for <When at={booking.startsAt} />
      {booking.salonName ? ` at ${booking.salonName}` : ""}
      {booking.stylistName ? ` with ${booking.stylistName}` : ""}
      {booking.service ? `: ${booking.service}` : ""}
      {booking.valuePence !== null ? `, ${formatGBP(booking.valuePence)}` : ""}.{" "}
      <Link to={staffPath("bookings")} className="underline">
        Bookings matched
      </Link>
    </Notice>
  );
}
