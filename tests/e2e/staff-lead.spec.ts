/**
 * A lead's page as the front desk works from it: what the client agreed to on
 * each channel, the offer their quote promised, the messages about it and how
 * they went, the page the client sees, and the salon's own reply sent by
 * e-mail through the outbox, once, marking the lead Contacted.
 */
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, expectOneH1 } from "./helpers";
import { createFirstOwner, freshPage, mailTo, type StaffSite, saveQuoteByApi, startStaffSite } from "./staff-helpers";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let staff: StaffSite;
let owner: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  staff = await startStaffSite();
  owner = await freshPage(browser);
  await createFirstOwner(owner, staff, "Olivia Owner", "olivia@example.com");
});

test.afterAll(async () => {
  await staff?.close();
});

test("the lead's page shows consent, the offer and deliveries, and sends the salon's reply once", async () => {
  const link = await saveQuoteByApi(staff, {
    name: "Amelia Hart",
    mobile: "07700 900 321",
    email: "amelia@example.com",
    referral: "Social Media",
    salon: "2",
    marketingEmail: true,
  });
  // The quote's own e-mail has gone before staff look.
  await mailTo(staff.smtp, "amelia@example.com", /quote/i);

  await owner.setViewportSize({ width: 1280, height: 900 });
  await owner.goto(`${staff.url}/staff/leads?referral=Social+Media`);
  await owner.getByRole("table", { name: "Quotes" }).getByRole("link", { name: "Amelia Hart" }).click();
  await expect(owner.getByRole("heading", { level: 1 })).toHaveText("Quote for Amelia Hart");
  const leadPage = owner.url();
  const client = owner.getByRole("region", { name: "Client" });
  await expect(client.getByText("Offers by e-mail")).toBeVisible();
  await expect(client).toContainText(/Agreed .*Agreed to: “/);
  await expect(client.getByRole("definition").filter({ hasText: "Not agreed" })).toHaveCount(1);
  const quote = owner.getByRole("region", { name: "The quote" });
  // Lines named by the step they were chosen in, the till's name beside.
  await expect(quote.getByRole("cell", { name: /^Finish: / })).toBeVisible();
  await expect(quote).toContainText(/First-visit offer promised: code QG20, £\d+(\.\d\d)? with 20% off, until/);
  const messages = owner.getByRole("table", { name: "Messages about this quote and how each went" });
  await expect(messages.getByRole("row").filter({ hasText: "The quote, by e-mail" })).toContainText("Sent");

  // The page the client sees opens from here, and staff's look is not counted as the client's.
  const [clientPage] = await Promise.all([
    owner.context().waitForEvent("page"),
    quote.getByRole("link", { name: /The page the client sees/ }).click(),
  ]);
  await expect(clientPage).toHaveURL(new RegExp(`/quote/${link}$`));
  await expect(clientPage.getByRole("heading", { level: 1 })).toContainText("Amelia");
  await clientPage.close();
  await owner.goto(leadPage);
  await expect(client).toContainText(/Opened the quote\s*Not yet/);
  await expectOneH1(owner);
  await expectAccessible(owner);

  // The salon's e-mail reply, drafted from its template, changed and sent.
  await client.getByText("E-mail Amelia").click();
  const message = client.getByLabel("Message", { exact: true });
  await expect(message).toHaveValue(/Hi Amelia,[\s\S]*\/quote\//);
  await expect(client.getByLabel("Subject")).toHaveValue("Your quote from Maison Ivy Kestwick");
  await message.fill("Hi Amelia,\n\nWe have Friday at 10 with Jess. Shall we book it?\n\nMaison Ivy");
  const since = staff.smtp.mails.length;
  const send = client.getByRole("button", { name: "Send the e-mail" });
  // A double press sends one e-mail.
  await send.dblclick();
  await expect(client.getByText("E-mail queued to send.")).toBeVisible();
  const reply = await mailTo(staff.smtp, "amelia@example.com", /Your quote from Maison Ivy Kestwick/, since);
  expect(reply.text).toContain("We have Friday at 10 with Jess.");
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(staff.smtp.mails.slice(since).filter((m) => m.to === "amelia@example.com")).toHaveLength(1);

  // The reply is the lead's contact: it is Contacted, the history and the messages show what went.
  await owner.goto(leadPage);
  const work = owner.getByRole("region", { name: "Follow-up" });
  await expect(work.getByText(/^Status:/)).toContainText("Contacted");
  await expect(work).toContainText("We have Friday at 10 with Jess.");
  await expect(messages.getByRole("row").filter({ hasText: "A reply, by e-mail" })).toContainText("Sent");

  await owner.goto(`${staff.url}/staff/audit?subject=quote`);
  const rows = owner.getByRole("table", { name: "Audit entries" }).getByRole("row");
  await expect(rows.filter({ hasText: "Olivia Owner e-mailed a reply about Amelia Hart’s quote" })).toHaveCount(1);
});

test("the reply's wording is the salon's own, edited under Settings; a text reply says why it is refused", async () => {
  await owner.goto(`${staff.url}/staff/settings`);
  const replies = owner.getByRole("region", { name: "Replies to quotes" });
  await replies
    .getByLabel('Message of "Text about a quote"')
    .fill("Hi {firstName}, Maison Ivy {salon} here. {quoteLink}");
  await replies.getByRole("button", { name: 'Save "Text about a quote"' }).click();
  await expect(owner.getByText("Reply saved.")).toBeVisible();

  await saveQuoteByApi(staff, { name: "Bea Brook", mobile: "07700 900 654", referral: "Work colleague", salon: "1" });
  await owner.goto(`${staff.url}/staff/leads?referral=Work+colleague`);
  await owner.getByRole("table", { name: "Quotes" }).getByRole("link", { name: "Bea Brook" }).click();
  const client = owner.getByRole("region", { name: "Client" });
  await client.getByText("Text Bea").click();
  const text = client.getByLabel("Text", { exact: true });
  await expect(text).toHaveValue(/^Hi Bea, Maison Ivy Wrenbridge here\. http:\/\/localhost:\d+\/quote\//);
  // Too long for three text messages: the server says so (the browser's own limit set aside).
  await text.evaluate((el) => el.removeAttribute("maxlength"));
  await text.fill("x".repeat(500));
  await client.getByRole("button", { name: "Send the text" }).click();
  await expect(client.getByRole("alert")).toHaveText(/up to 459 characters/);
  await owner.reload();
  await expect(owner.getByRole("region", { name: "Follow-up" }).getByText(/^Status:/)).toContainText("New");
});
