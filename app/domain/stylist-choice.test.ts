import { describe, expect, it } from "vitest";
import { parseCalculatorState } from "./calculator-state";
import { type CalculatorStylist, resolveStylist } from "./stylist-choice";

const stylist = (slug: string, levelId: number, salonId: number, acceptingNewClients = true): CalculatorStylist => ({
  slug,
  firstName: slug[0]!.toUpperCase() + slug.slice(1),
  lastName: "Test",
  salonId,
  levelId,
  image: `/images/team/${slug}.svg`,
  photo: null,
  acceptingNewClients,
});

const stylists = [stylist("nadia", 6, 2), stylist("isla", 7, 1), stylist("harriet", 9, 1, false)];
const state = (query: string) => parseCalculatorState(new URLSearchParams(query));

describe("resolveStylist", () => {
  it("applies the stylist's level and salon, asking for a redirect when the link said otherwise", () => {
    const result = resolveStylist(state("type=mens&mode=stylist&stylist=isla&level=2"), stylists);
    expect(result).toMatchObject({ stylist: { slug: "isla" }, notice: null, redirect: true });
    expect(result.state).toMatchObject({ stylist: "isla", level: 7, salon: 1 });
  });

  it("needs no redirect when the link already agrees", () => {
    expect(resolveStylist(state("type=mens&mode=stylist&stylist=nadia&level=6"), stylists).redirect).toBe(false);
  });

  it.each([
    { slug: "nobody", notice: /couldn't find the stylist/ },
    { slug: "harriet", notice: /Harriet isn't taking new clients/ },
  ])("sets $slug aside with a notice and keeps the other choices", ({ slug, notice }) => {
    const result = resolveStylist(state(`type=mens&mode=stylist&stylist=${slug}&level=9&cut=58`), stylists);
    expect(result.notice).toMatch(notice);
    expect(result.redirect).toBe(false);
    expect(result.stylist).toBeUndefined();
    expect(result.state).toEqual({ type: "mens", mode: "stylist", level: 9, salon: 2, cut: 58 });
  });

  it("drops a stylist from a level-mode link", () => {
    const result = resolveStylist(state("type=mens&mode=level&stylist=isla&level=3"), stylists);
    expect(result).toMatchObject({ redirect: true, notice: null });
    expect(result.state).not.toHaveProperty("stylist");
  });

  it("leaves a state without a stylist alone", () => {
    const input = state("type=mens&mode=stylist");
    expect(resolveStylist(input, stylists)).toEqual({
      state: input,
      stylist: undefined,
      notice: null,
      redirect: false,
    });
  });
});
