import { describe, expect, it } from "vitest";
import { recipientKey } from "./message-safety";

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
