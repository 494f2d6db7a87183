import { describe, expect, it } from "vitest";
import {
  chooseInvitations,
  provenanceText,
  reviewerName,
  sourceCountsText,
  type VisitToInvite,
} from "./review-invitations";

const team = [
  { slug: "agnes", firstName: "Agnes", lastName: "Hale" },
  { slug: "isla", firstName: "Isla", lastName: "Brennan" },
];
const now = new Date("2026-11-20T18:00:00Z");
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

function visit(over: Partial<VisitToInvite> = {}): VisitToInvite {
  return {
    appointmentId: 1,
    quoteId: 10,
    startsAt: hoursAgo(5),
    stylistName: "Agnes",
    service: "Cut and finish",
    clientName: "Wanda Webb",
    email: "wanda@example.com",
    mobile: "+447700900701",
    emailConsent: false,
    smsConsent: false,
    ...over,
  };
}

describe("chooseInvitations", () => {
  it("invites by e-mail only with e-mail consent, by text only with text consent, and not at all without", () => {
    const chosen = chooseInvitations(
      [
        visit({ appointmentId: 1, quoteId: 1, emailConsent: true, smsConsent: true }),
        visit({ appointmentId: 2, quoteId: 2, smsConsent: true }),
        visit({ appointmentId: 3, quoteId: 3 }),
        // Consent to e-mails but no address: a text needs its own consent.
        visit({ appointmentId: 4, quoteId: 4, email: null, emailConsent: true }),
      ],
      team,
      now,
    );
    expect(chosen.map((c) => [c.appointmentId, c.channel, c.recipient])).toEqual([
      [1, "email", "wanda@example.com"],
      [2, "sms", "+447700900701"],
    ]);
  });

  it("waits until the visit is over and leaves out visits older than the lookback", () => {
    const chosen = chooseInvitations(
      [
        visit({ appointmentId: 1, quoteId: 1, startsAt: hoursAgo(1), emailConsent: true }),
        visit({ appointmentId: 2, quoteId: 2, startsAt: hoursAgo(3), emailConsent: true }),
        visit({ appointmentId: 3, quoteId: 3, startsAt: hoursAgo(15 * 24), emailConsent: true }),
      ],
      team,
      now,
    );
    expect(chosen.map((c) => c.appointmentId)).toEqual([2]);
  });

  it("invites a client once a day: two appointments of one visit, or a day already invited, are not invited again", () => {
    const twoOfOneVisit = [
      visit({ appointmentId: 1, startsAt: hoursAgo(6), emailConsent: true }),
      visit({ appointmentId: 2, startsAt: hoursAgo(5), service: "Colour", emailConsent: true }),
    ];
    expect(chooseInvitations(twoOfOneVisit, team, now).map((c) => c.appointmentId)).toEqual([1]);
    expect(chooseInvitations(twoOfOneVisit, team, now, new Set(["10/2026-11-20"]))).toEqual([]);
    // Another day is another visit.
    expect(
      chooseInvitations([visit({ startsAt: hoursAgo(30), emailConsent: true })], team, now, new Set(["10/2026-11-20"])),
    ).toHaveLength(1);
  });

  it("names the team member the booking system named, the service and the UK day of the visit", () => {
    // 23:30 UTC on 31 May is already 1 June in London (BST).
    const [invitation] = chooseInvitations(
      [visit({ stylistName: "Isla Brennan", startsAt: new Date("2026-05-31T23:30:00Z"), smsConsent: true })],
      team,
      new Date("2026-06-01T08:00:00Z"),
    );
    expect(invitation).toMatchObject({
      stylistSlug: "isla",
      service: "Cut and finish",
      visitedOn: "2026-06-01",
      clientName: "Wanda W.",
    });
  });

  it("leaves out a visit whose stylist is not one of the team", () => {
    expect(chooseInvitations([visit({ stylistName: "Someone New", emailConsent: true })], team, now)).toEqual([]);
  });

  it("asks nothing about how the visit went: every consenting client of a finished visit gets the same invitation", () => {
    const visits = Array.from({ length: 5 }, (_, i) =>
      visit({ appointmentId: i + 1, quoteId: i + 1, emailConsent: true, service: "Cut" }),
    );
    const chosen = chooseInvitations(visits, team, now);
    expect(chosen).toHaveLength(5);
    expect(new Set(chosen.map((c) => `${c.channel}|${c.service}|${c.stylistSlug}`)).size).toBe(1);
  });
});

describe("how a review says where it came from", () => {
  it("names a verified visit's day, or the salon and where it had the review", () => {
    expect(provenanceText({ source: "visit", sourceDetail: null, visitedOn: "2026-11-12" })).toBe(
      "Verified visit on 12 November 2026",
    );
    expect(provenanceText({ source: "salon", sourceDetail: "Google", visitedOn: null })).toBe(
      "Added by the salon from Google",
    );
    expect(provenanceText({ source: "salon", sourceDetail: null, visitedOn: null })).toBe("Added by the salon");
  });

  it("counts by source with the share verified", () => {
    expect(sourceCountsText({ verified: 48, salon: 0 })).toBe(
      "Of the 48 reviews here, none were added by the salon and 48 came from verified visits (100% verified).",
    );
    expect(sourceCountsText({ verified: 0, salon: 48 })).toBe(
      "Of the 48 reviews here, 48 were added by the salon and none yet came from a verified visit (0% verified).",
    );
    expect(sourceCountsText({ verified: 0, salon: 1 })).toBe(
      "The one review here was added by the salon (0% verified).",
    );
    expect(sourceCountsText({ verified: 1, salon: 3 })).toBe(
      "Of the 4 reviews here, 3 were added by the salon and 1 came from a verified visit (25% verified).",
    );
    expect(sourceCountsText({ verified: 0, salon: 0 })).toBe("No reviews yet.");
  });

  it("shows a client by first name and initial", () => {
    expect(reviewerName("  Zoë   O'Brien-Hart ")).toBe("Zoë O.");
    expect(reviewerName("Cher")).toBe("Cher");
  });
});
