import { describe, expect, it } from "vitest";
import { slugFor, teamMemberSchema } from "./team";

const typed = {
  firstName: " Zoë ",
  lastName: "O'Neill-Hart",
  salonId: "2",
  levelId: "6",
  para1: "Zoë cuts curls dry.",
  para2: "She trained in Leeds.",
  para3: "",
  acceptingNewClients: "on",
  instagram: "https://www.instagram.com/zoe.maisonivy/",
};

describe("a team member's form", () => {
  it("takes the portrait's focal point as whole percentages, the middle when not sent", () => {
    expect(teamMemberSchema.parse({ ...typed, photoFocusX: "30", photoFocusY: " 12.6 " })).toMatchObject({
      photoFocusX: 30,
      photoFocusY: 13,
    });
    expect(teamMemberSchema.parse({ ...typed, photoFocusX: "0", photoFocusY: "100" })).toMatchObject({
      photoFocusX: 0,
      photoFocusY: 100,
    });
    expect(teamMemberSchema.parse({ ...typed, photoFocusX: "" })).toMatchObject({ photoFocusX: 50, photoFocusY: 50 });
    for (const wrong of ["101", "-1", "abc", "1e2", "50%", "1000"]) {
      const result = teamMemberSchema.safeParse({ ...typed, photoFocusX: "40", photoFocusY: wrong });
      expect(result.success, wrong).toBe(false);
      expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
        ["photoFocusY", "Please choose the focal point's position down between 0 and 100%."],
      ]);
    }
  });

  it("turns what was typed into the stored values", () => {
    expect(teamMemberSchema.parse(typed)).toEqual({
      firstName: "Zoë",
      lastName: "O'Neill-Hart",
      salonId: 2,
      levelId: 6,
      para1: "Zoë cuts curls dry.",
      para2: "She trained in Leeds.",
      para3: null,
      acceptingNewClients: true,
      instagram: "https://www.instagram.com/zoe.maisonivy/",
      photoFocusX: 50,
      photoFocusY: 50,
    });
    expect(teamMemberSchema.parse({ ...typed, acceptingNewClients: undefined, instagram: "" })).toMatchObject({
      acceptingNewClients: false,
      instagram: null,
    });
  });

  it("keeps a paragraph's lines as a Windows browser sends them, as \\n, without the paste's invisible marks", () => {
    expect(
      teamMemberSchema.parse({
        ...typed,
        firstName: "Zoe\u0308",
        para2: "She trained in Leeds.\r\n\r\nNow at Kestwick.\u200B ",
        para3: "\uFEFFCurls, \u00A0colour.\r\n",
      }),
    ).toMatchObject({ firstName: "Zoë", para2: "She trained in Leeds.\n\nNow at Kestwick.", para3: "Curls,  colour." });
  });

  it("refuses each wrong field with a message saying what to do", () => {
    const result = teamMemberSchema.safeParse({
      ...typed,
      firstName: "<script>",
      salonId: "Kestwick",
      para1: " ",
      instagram: "https://evil.example/zoe",
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error?.issues.map((i) => [i.path[0], i.message]) ?? []);
    expect(messages).toEqual({
      firstName: "Please enter the first name in letters only.",
      salonId: "Please choose the salon.",
      para1: "Please enter the first paragraph.",
      instagram:
        "Please enter the Instagram profile's full address, such as https://www.instagram.com/isla.maisonivy/.",
    });
  });

  it("gives a new member an address of their first name, numbered when taken, never 'all'", () => {
    expect(slugFor("Zoë", new Set(["isla"]))).toBe("zoe");
    expect(slugFor("Isla", new Set(["isla"]))).toBe("isla-2");
    expect(slugFor("Isla", new Set(["isla", "isla-2"]))).toBe("isla-3");
    expect(slugFor("All", new Set())).toBe("all-2");
  });
});
