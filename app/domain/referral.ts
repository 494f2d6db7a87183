/** The refer-a-friend rewards: what the referral page and the Offers page promise. */
export const REFERRAL = {
  /** Off the friend's first visit, in pounds. */
  friendPounds: 20,
  friendWeeks: 8,
  /** The voucher for whoever referred them, in pounds. */
  referrerPounds: 20,
  referrerWeeks: 12,
} as const;
