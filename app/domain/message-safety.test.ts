import { describe, expect, it } from "vitest";
import { greetingName, recipientKey } from "./message-safety";

describe("greetingName", () => {
  it("keeps plain first names in any script, with apostrophes and hyphens", () => {
    expect(greetingName("Ana Silva")).toBe("Ana");
    expect(greetingName("  Zoë  ")).toBe("Zoë");
    expect(greetingName("Mary-Jane O'Neil")).toBe("Mary-Jane");
    expect(greetingName("D'Arcy")).toBe("D'Arcy");
    expect(greetingName("Łucja")).toBe("Łucja");
    expect(greetingName("Client1 Example")).toBe("Client1");
  });

  it("never copies what could be a link, a domain, an address or a number", () => {
    for (const name of [
      "Verify:evil.example/x",
      "evil.example",
      "www.evil",
      "https://x.y",
      "me@evil.example",
      "07700900123",
      "Call08001234567",
      "x07700900123",
      "bit.ly/abc Smith",
      "<b>Bob</b>",
      "-Bob",
      "",
      "A".repeat(31),
    ]) {
      expect(greetingName(name)).toBe("there");
    }
  });

  it("takes a caller's fallback", () => {
    expect(greetingName("x.y", "")).toBe("");
  });
});

describe("recipientKey", () => {
  it("counts one mailbox however its address is spelt", () => {
    expect(recipientKey("email", "Victim+1@Example.com")).toBe("victim@example.com");
    expect(recipientKey("email", "victim+two@example.com")).toBe("victim@example.com");
    expect(recipientKey("email", " VICTIM@example.com ")).toBe("victim@example.com");
  });

  it("counts one phone however its number is spelt", () => {
    expect(recipientKey("sms", "+44 7700 900123")).toBe("+447700900123");
    expect(recipientKey("sms", "+447700900123")).toBe("+447700900123");
  });
});
