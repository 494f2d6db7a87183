/**
 * Bookings matched back, end to end (decision 070): the booking system's
 * webhook refuses a wrong signature or an old timestamp and changes
 * nothing, and books the quote of a signed call; a manager uploads an
 * export in each preset's shape (Phorest, Fresha, Timely), the matching
 * leads turn Booked, a shared family phone waits in the review list and is
 * confirmed there, and an import is undone.
 */
import { expect, type Page, test } from "@playwright/test";
import { bookingSignature } from "../../app/server/bookings/webhook-signature.server";
import { expectAccessible, expectOneH1 } from "./helpers";
import {
  createFirstOwner,
  freshPage,
  inviteAndSignIn,
  type StaffSite,
  saveQuoteByApi,
  startStaffSite,
} from "./staff-helpers";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let staff: StaffSite;
let manager: Page;
let desk: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  staff = await startStaffSite();
  const owner = await freshPage(browser);
  await createFirstOwner(owner, staff, "Olivia Owner", "olivia@example.com");
  manager = await inviteAndSignIn(owner, browser, staff, {
    name: "Manon",
    email: "manon@example.com",
    role: "manager",
  });
  desk = await inviteAndSignIn(owner, browser, staff, { name: "Dana", email: "dana@example.com", role: "front-desk" });
});

test.afterAll(async () => {
  await staff?.close();
});

/** The lead's status as the quotes list shows it: the status its row offers to change. */
async function statusOf(page: Page, name: string): Promise<string> {
  await page.goto(`${staff.url}/staff/leads?q=${encodeURIComponent(name)}`);
  const status = page.getByRole("table", { name: "Quotes" }).getByRole("combobox", { name: `Status of ${name}` });
  await expect(status).toHaveCount(1);
  return (await status.locator("option:checked").textContent()) ?? "";
}

/** Tomorrow at 10:30 UTC, as ISO 8601 and as a UK date. */
const tomorrow = new Date(Date.now() + 86_400_000);
const isoDay = tomorrow.toISOString().slice(0, 10);
const ukDay = isoDay.split("-").reverse().join("/");

test("the webhook refuses a wrong signature or an old timestamp and books on a signed call", async () => {
  await manager.goto(`${staff.url}/staff/bookings`);
  await expectOneH1(manager);
  await expect(manager.getByText("No secret is set yet")).toBeVisible();
  await manager.getByRole("button", { name: "Set a secret" }).click();
  const secret = ((await manager.getByTestId("webhook-secret").textContent()) ?? "").trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
  // What the server renders is all this checks: the reload waits for that, not for the "load" event, which once
  // did not come within the test's two minutes on a busy machine.
  await manager.reload({ waitUntil: "domcontentloaded" });
  // Shown once: not on the page again.
  await expect(manager.getByTestId("webhook-secret")).toHaveCount(0);
  await expect(manager.getByText(secret)).toHaveCount(0);

  await saveQuoteByApi(staff, { name: "Wanda Webb", mobile: "07700 900701", referral: "Google", salon: "2" });
  const event = (kind: string) =>
    JSON.stringify({
      event: `appointment.${kind}`,
      appointment: {
        id: "WH-1",
        start: `${isoDay}T10:30:00Z`,
        salon: "Kestwick",
        stylist: "Agnes",
        service: "Cut and finish",
        price: "65.00",
        client: { name: "Wanda Webb", mobile: "+44 7700 900701", email: "" },
      },
    });
  const call = (body: string, headers: Record<string, string>) =>
    fetch(`${staff.url}/api/bookings/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body,
    });
  const now = () => String(Math.floor(Date.now() / 1000));
  const created = event("created");

  const forged = await call(created, {
    "X-Booking-Timestamp": now(),
    "X-Booking-Signature": bookingSignature("not-our-secret", now(), created),
  });
  expect(forged.status).toBe(401);
  const unsigned = await call(created, { "X-Booking-Timestamp": now() });
  expect(unsigned.status).toBe(401);
  const old = String(Math.floor(Date.now() / 1000) - 10 * 60);
  const replayed = await call(created, {
    "X-Booking-Timestamp": old,
    "X-Booking-Signature": bookingSignature(secret, old, created),
  });
  expect(replayed.status).toBe(400);
  expect((await replayed.json()).error).toMatch(/five minutes/);
  const stamp = now();
  const tampered = await call(created.replace("Wanda Webb", "Someone Else"), {
    "X-Booking-Timestamp": stamp,
    "X-Booking-Signature": bookingSignature(secret, stamp, created),
  });
  expect(tampered.status).toBe(401);
  expect(await statusOf(manager, "Wanda Webb")).toBe("New");

  const signed = { "X-Booking-Timestamp": stamp, "X-Booking-Signature": bookingSignature(secret, stamp, created) };
  const ok = await call(created, signed);
  expect(ok.status).toBe(200);
  expect(await ok.json()).toMatchObject({ received: true, new: true, matched: true });
  // The same call again (a retry inside the window) changes nothing.
  expect(await (await call(created, signed)).json()).toMatchObject({ received: true, new: false });
  expect(await statusOf(manager, "Wanda Webb")).toBe("Booked");

  const cancelled = event("cancelled");
  const later = now();
  const cancel = await call(cancelled, {
    "X-Booking-Timestamp": later,
    "X-Booking-Signature": bookingSignature(secret, later, cancelled),
  });
  expect(cancel.status).toBe(200);
  expect(await statusOf(manager, "Wanda Webb")).toBe("New");
});

/** Each preset's export, as our best reading of it has its columns. */
const EXPORTS = {
  Phorest: [
    "Appointment ID,Appointment Date,Start Time,Branch,Staff Member,Service Name,Price,Client First Name,Client Last Name,Client Mobile,Client Email,Status",
    `PH-100,${ukDay},10:30,Maison Ivy Kestwick,Agnes,Cut and finish,£65.00,Phoebe,Marsh,07700 900801,,Booked`,
    `PH-101,${ukDay},11:30,Maison Ivy Kestwick,Agnes,Colour,£95.00,Daisy,Hart,(07700) 900-804,,Booked`,
  ],
  Fresha: [
    "Ref #,Scheduled Date,Time,Location,Team Member,Service,Price,Client,Client Mobile,Client Email,Status",
    `FR-200,${isoDay},14:00,Kestwick,Jo,Blow dry,45,Fiona Frost,+44 7700 900802,,Confirmed`,
  ],
  Timely: [
    "Booking ID,Start Date,Start Time,Location,Staff,Service,Total Price,Customer First Name,Customer Last Name,Customer Mobile,Customer Email,Booking Status",
    `TM-300,${ukDay},2:30 PM,Wrenbridge,Sam,Cut,GBP 55.00,Tilly,Tate,,TILLY@example.com ,Confirmed`,
  ],
} as const;

async function importExport(system: keyof typeof EXPORTS) {
  await manager.goto(`${staff.url}/staff/bookings`);
  const section = manager.getByRole("region", { name: "Import appointments" });
  await section.getByLabel("Booking system").selectOption({ label: system });
  await section.getByLabel("Or paste it here").fill(`${EXPORTS[system].join("\r\n")}\r\n`);
  await section.getByRole("button", { name: "Read the columns" }).click();
  await expect(section.getByText(`Read as a ${system} export.`)).toBeVisible();
  // The mapping screen shows the preset's column for each field, and lets it be changed.
  await expect(section.getByLabel("Appointment reference")).toHaveValue(EXPORTS[system][0].split(",")[0] as string);
  await section.getByRole("button", { name: "Import and match" }).click();
  await expect(manager.getByText(/\d+ appointments? imported/)).toBeVisible();
}

test("a manager uploads each preset's export: the matching leads turn Booked, a family phone waits for review", async () => {
  await saveQuoteByApi(staff, { name: "Phoebe Marsh", mobile: "07700 900801", referral: "Google", salon: "2" });
  await saveQuoteByApi(staff, { name: "Fiona Frost", mobile: "07700 900802", referral: "Google", salon: "2" });
  await saveQuoteByApi(staff, {
    name: "Tilly Tate",
    mobile: "07700 900803",
    email: "tilly@example.com",
    referral: "Google",
    salon: "1",
  });
  // Rose asked for a quote; her daughter Daisy books on the family phone.
  await saveQuoteByApi(staff, { name: "Rose Hart", mobile: "07700 900804", referral: "Google", salon: "2" });

  await importExport("Phorest");
  await expect(manager.getByText("1 matched to quotes")).toBeVisible();
  await importExport("Fresha");
  await importExport("Timely");
  expect(await statusOf(manager, "Phoebe Marsh")).toBe("Booked");
  expect(await statusOf(manager, "Fiona Frost")).toBe("Booked");
  expect(await statusOf(manager, "Tilly Tate")).toBe("Booked");
  expect(await statusOf(manager, "Rose Hart")).toBe("New");

  // The lead page shows the appointment that booked it.
  await manager.goto(`${staff.url}/staff/leads?q=Phoebe`);
  await manager.getByRole("link", { name: "Phoebe Marsh" }).click();
  await expect(manager.getByRole("status")).toContainText(
    /Booked in the booking system for .+ at Maison Ivy Kestwick with Agnes: Cut and finish, £65\b/,
  );

  // The front desk works the review list: Daisy's booking is Rose's after all (she booked for her mother).
  await desk.goto(`${staff.url}/staff/bookings`);
  await expect(desk.getByRole("region", { name: "Import appointments" })).toHaveCount(0);
  const review = desk.getByRole("region", { name: /To confirm/ });
  await expect(review.getByText("Daisy Hart booked")).toBeVisible();
  await expect(review.getByText("a shared family phone?")).toBeVisible();
  await expectAccessible(desk);
  await review.getByRole("button", { name: /^Confirm the booking for Rose Hart/ }).click();
  await expect(desk.getByText("Confirmed: the quote is Booked.")).toBeVisible();
  expect(await statusOf(desk, "Rose Hart")).toBe("Booked");
});

test("undoing an import puts its leads back as they were", async () => {
  await manager.goto(`${staff.url}/staff/bookings`);
  await expectAccessible(manager);
  const imports = manager.getByRole("region", { name: "Imports" });
  // The newest first: Timely's.
  await imports.getByRole("button", { name: "Undo import" }).first().click();
  await expect(manager.getByText(/The import is undone/)).toBeVisible();
  expect(await statusOf(manager, "Tilly Tate")).toBe("New");
  expect(await statusOf(manager, "Fiona Frost")).toBe("Booked");
});

/** A file of the CSV corpus chosen in the import's file field, its columns read, then imported. */
async function importCorpusFile(name: string, expectRead: RegExp) {
  await manager.goto(`${staff.url}/staff/bookings`);
  const section = manager.getByRole("region", { name: "Import appointments" });
  await section.getByLabel("Choose the .csv export").setInputFiles(`tests/corpus/csv/${name}`);
  await expect(section.getByLabel("Or paste it here")).not.toHaveValue("");
  await section.getByRole("button", { name: "Read the columns" }).click();
  await expect(section.getByText(expectRead)).toBeVisible();
  return section;
}

test("an export Excel re-saved on Windows (Windows-1252) imports, and says how it was read", async () => {
  // £ is byte A3 there: read as UTF-8, every row was refused.
  const section = await importCorpusFile(
    "fresha-excel-windows-1252.csv",
    /^Read as Windows-1252 \(Excel on Windows\)\. Read as a Fresha export\./,
  );
  await section.getByRole("button", { name: "Import and match" }).click();
  await expect(
    manager.getByText(/^Read as Windows-1252 \(Excel on Windows\)\. 3 appointments imported: /),
  ).toBeVisible();
  // Undone, so the next test starts without these appointments.
  const imported = manager
    .getByRole("region", { name: "Imports" })
    .getByRole("listitem")
    .filter({ hasText: "Fresha, 3 appointments, 0 matched" });
  await imported.getByRole("button", { name: /^Undo import/ }).click();
  await expect(manager.getByText(/The import is undone/)).toBeVisible();
});

test("Excel's Unicode Text (UTF-16, tabs) imports; the same export in UTF-8 then adds nothing", async () => {
  const section = await importCorpusFile(
    "fresha-excel-unicode-text-utf16le.txt",
    /^Read as UTF-16 \(Excel's Unicode Text\)\. Read as a Fresha export\./,
  );
  await section.getByRole("button", { name: "Import and match" }).click();
  await expect(manager.getByText(/^Read as UTF-16 \(Excel's Unicode Text\)\. 3 appointments imported: /)).toBeVisible();
  const again = await importCorpusFile("fresha-utf8.csv", /^Read as UTF-8\. Read as a Fresha export\./);
  await again.getByRole("button", { name: "Import and match" }).click();
  await expect(manager.getByText(/0 appointments imported: .*; 3 were already here\./)).toBeVisible();
});

test("refund lines are left out, each named, and the appointments import", async () => {
  const section = await importCorpusFile("phorest-refund-lines.csv", /Read as a Phorest export\./);
  await section.getByRole("button", { name: "Import and match" }).click();
  await expect(manager.getByText(/2 appointments imported: .* 2 lines of refunds were left out\./)).toBeVisible();
  await expect(manager.getByRole("list", { name: "Lines left out" }).getByRole("listitem")).toHaveText([
    "Line 3: a refund or credit of £5, not an appointment: left out.",
    "Line 5: a refund or credit of £10, not an appointment: left out.",
  ]);
});

test("plain headers get their columns guessed and import without references; a second import adds nothing", async () => {
  for (const expected of [/3 appointments imported: /, /0 appointments imported: .*; 3 were already here\./]) {
    const section = await importCorpusFile("plain-headers.csv", /Columns guessed from their headers/);
    await expect(section.getByLabel("Date (or date and time)")).toHaveValue("Date");
    await expect(section.getByLabel("Client's full name")).toHaveValue("Client Name");
    await expect(section.getByLabel("Client's mobile")).toHaveValue("Mobile");
    await expect(section.getByLabel("Price")).toHaveValue("Price");
    await expect(section.getByLabel("Appointment reference")).toHaveValue("");
    await section.getByRole("button", { name: "Import and match" }).click();
    await expect(manager.getByText(expected)).toBeVisible();
  }
});

test("text pasted over a chosen file is not said to be in the file's encoding", async () => {
  await manager.goto(`${staff.url}/staff/bookings`);
  const section = manager.getByRole("region", { name: "Import appointments" });
  await section.getByLabel("Choose the .csv export").setInputFiles("tests/corpus/csv/fresha-excel-windows-1252.csv");
  await expect(section.getByLabel("Or paste it here")).toHaveValue(/£16\.00/);
  await section.getByLabel("Or paste it here").fill(`${EXPORTS.Fresha.join("\r\n")}\r\n`);
  await section.getByRole("button", { name: "Read the columns" }).click();
  await expect(section.getByText(/^Read as a Fresha export\./)).toBeVisible();
});
