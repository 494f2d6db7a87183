/** What an offer's page (/offers/{variant}, /sms/{campaign}) needs besides the catalogue entry. */
import { parseISO } from "date-fns";
import { formatLongDate } from "~/domain/dates";
import { type Offer, offerEndDate, offerStatus } from "~/domain/offers";
import { offerLevelPrices } from "~/domain/price-preview";
import { MAIN_SALON_ID } from "~/domain/salon-info";
import { bookingLinkFor } from "../booking-links.server";
import type { Database } from "../db.server";
import { listSalons, loadCatalogue } from "./catalogue.server";
import { getSiteSettings, listTeam } from "./content.server";

export async function loadOfferPage(db: Database, offer: Offer, now: Date) {
  const [settings, salons, team, catalogue] = await Promise.all([
    getSiteSettings(db),
    listSalons(db),
    listTeam(db),
    loadCatalogue(db),
  ]);
  const stylists = offer.stylistSlugs.flatMap((slug) => team.filter((member) => member.slug === slug));
  // An offer with stylists who all work at one salon is booked there; any other at the main salon.
  const stylistSalonIds = new Set(stylists.map((member) => member.salonId));
  const bookingSalonId = stylistSalonIds.size === 1 ? [...stylistSalonIds][0] : MAIN_SALON_ID;
  const salon =
    salons.find((candidate) => candidate.id === bookingSalonId) ??
    salons.find((candidate) => candidate.id === MAIN_SALON_ID) ??
    salons[0];
  if (!salon) throw new Error("No salons in the database");

  // An offer for one stylist books that stylist: their own link when the owner set one.
  const [only] = stylists.length === 1 ? stylists : [];
  const bookingUrl =
    (only && (await bookingLinkFor(db, { salonId: only.salonId, stylistId: only.id }))) ?? salon.bookingUrl;
  const status = offerStatus(offer, settings.endDate, now);
  return {
    // The table's levels are the offer's; their prices are the price list's now, as on the team pages.
    offer: {
      ...offer,
      levelPrices:
        offer.levelPrices && offer.percent !== null
          ? offerLevelPrices(
              catalogue,
              offer.levelPrices.map((row) => row.levelId),
              offer.percent,
            )
          : offer.levelPrices,
    },
    endsLabel: formatLongDate(parseISO(offerEndDate(offer, settings.endDate))),
    ended: status === "ended",
    /** "December 1st 2026" while the offer has yet to start, else null. */
    startsLabel: status === "upcoming" && offer.startDate ? formatLongDate(parseISO(offer.startDate)) : null,
    booking: { salonName: salon.name, bookingUrl, telephone: salon.telephone },
    // The phone bar's Book books where the offer's own button does (app/components/page-handle.ts).
    bookAt: { href: bookingUrl, label: `at ${salon.name}` },
    stylists: stylists.map((member) => ({
      slug: member.slug,
      name: `${member.firstName} ${member.lastName}`,
      firstName: member.firstName,
      levelName: member.levelName,
      image: member.image,
      photo: member.photo,
      salonName: salons.find((candidate) => candidate.id === member.salonId)?.name ?? "",
    })),
  };
}
