/**
 * Test helper: a generated salon's quotes and its booking system's
 * appointments, with the noise of real data and the truth known. Seeded,
 * so every run (and every failure) is the same.
 *
 * The noise: mobiles typed as 07…, +44…, 0044…, with spaces, dashes and
 * brackets; e-mails in other cases with spaces around them, or missing;
 * names with a typo, in capitals, or a first name shortened; families sharing
 * one phone (same surname, another first name); people who asked for two
 * quotes; clients who booked without ever asking for one; bookings more than
 * 60 days after the quote; statuses a person already set; cancellations.
 */

/** mulberry32: small, fast and good enough to shuffle test data. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  "Amelia",
  "Olivia",
  "Isla",
  "Ava",
  "Mia",
  "Ivy",
  "Lily",
  "Isabella",
  "Rosie",
  "Sophia",
  "Grace",
  "Freya",
  "Willow",
  "Florence",
  "Emily",
  "Ella",
  "Poppy",
  "Evie",
  "Elsie",
  "Charlotte",
  "Evelyn",
  "Sienna",
  "Sofia",
  "Daisy",
  "Harper",
  "Matilda",
  "Alice",
  "Ruby",
  "Phoebe",
  "Hannah",
  "Katherine",
  "Margaret",
  "Elizabeth",
  "Victoria",
  "Jessica",
  "Rebecca",
  "Samantha",
  "Natalie",
  "Jennifer",
  "Priya",
  "Aisha",
  "Zainab",
  "Chloe",
  "Lucy",
  "Holly",
  "Megan",
  "Beatrice",
  "Imogen",
  "Harriet",
  "Eleanor",
  "Niamh",
  "Siobhan",
  "Fatima",
  "Oliver",
  "George",
  "Noah",
  "Arthur",
  "Leo",
  "Oscar",
  "Harry",
  "Theo",
  "Jack",
  "Charlie",
  "Thomas",
];
const LAST = [
  "Smith",
  "Jones",
  "Taylor",
  "Brown",
  "Williams",
  "Wilson",
  "Johnson",
  "Davies",
  "Robinson",
  "Wright",
  "Thompson",
  "Evans",
  "Walker",
  "White",
  "Roberts",
  "Green",
  "Hall",
  "Wood",
  "Jackson",
  "Clarke",
  "Patel",
  "Khan",
  "Lewis",
  "James",
  "Phillips",
  "Mason",
  "Mitchell",
  "Rose",
  "Davis",
  "Rodriguez",
  "Cox",
  "Alexander",
  "Morgan",
  "Hughes",
  "Edwards",
  "Hill",
  "Moore",
  "Clark",
  "Harrison",
  "Scott",
  "Young",
  "Morris",
  "Hart",
  "Ward",
  "Turner",
  "Carter",
  "Phillipson",
  "Baker",
  "Cooper",
  "Parker",
  "Bennett",
  "Price",
  "Gray",
  "Murphy",
  "O'Brien",
  "Kelly",
  "Fitzgerald",
  "Ahmed",
  "Hussain",
  "Begum",
  "Ali",
  "Nowak",
  "Kowalski",
  "Singh",
  "Kaur",
];

const DAY_MS = 86_400_000;

interface GeneratedQuote {
  id: number;
  name: string;
  /** As stored: E.164. */
  mobile: string;
  email: string;
  createdAt: Date;
  status: "new" | "contacted" | "booked" | "not-booked";
  /** A person set the status (Booked or Not booked). */
  settledByPerson: boolean;
}

interface GeneratedAppointment {
  externalId: string;
  name: string;
  /** As the booking system has it, in any of the ways people type a mobile. */
  mobile: string;
  email: string;
  startsAt: Date;
  cancelled: boolean;
  valuePence: number;
  /** The quote this appointment books, or null when it books none of them. */
  truth: number | null;
  /** What kind of case it is, for reading a failure. */
  kind: "client" | "returning-twice" | "no-quote" | "family" | "too-late";
}

export interface GeneratedSalon {
  quotes: GeneratedQuote[];
  appointments: GeneratedAppointment[];
  /** The day the data is generated around: quotes before it, appointments after their quotes. */
  now: Date;
}

export function generateSalon(seed: number, quoteCount = 2000, appointmentCount = 1000): GeneratedSalon {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const chance = (p: number) => random() < p;
  const now = new Date("2026-11-27T12:00:00Z");
  const usedMobiles = new Set<string>();
  const newMobile = () => {
    for (;;) {
      // UK mobiles: 071–075 and 077–079 (076 is pagers, 070 personal numbers).
      const national = `7${pick([..."1234579"])}${String(Math.floor(random() * 1e8)).padStart(8, "0")}`;
      if (!usedMobiles.has(national)) {
        usedMobiles.add(national);
        return national;
      }
    }
  };
  const e164 = (national: string) => `+44${national}`;
  /** A national number typed as people do. */
  const typed = (national: string) => {
    const a = national.slice(0, 4);
    const b = national.slice(4);
    return pick([
      `0${national}`,
      `0${a} ${b}`,
      `+44 ${a} ${b}`,
      `+44${national}`,
      `+44 (0)${a} ${b}`,
      `0${a}-${b.slice(0, 3)}-${b.slice(3)}`,
      `(0${a}) ${b}`,
      `0044 ${a} ${b}`,
      `44${national}`,
    ]);
  };
  const emailOf = (first: string, last: string, n: number) =>
    `${first}.${last}${n}@example.com`.toLowerCase().replace(/[^a-z0-9.@]/g, "");
  /** One slip of the keyboard: a letter changed, dropped, doubled or two swapped. */
  const typo = (word: string) => {
    if (word.length < 4) return word;
    const i = 1 + Math.floor(random() * (word.length - 2));
    switch (Math.floor(random() * 4)) {
      case 0:
        return word.slice(0, i) + pick([..."aeiourstnl"]) + word.slice(i + 1);
      case 1:
        return word.slice(0, i) + word.slice(i + 1);
      case 2:
        return word.slice(0, i) + (word[i] as string) + word.slice(i);
      default:
        return word.slice(0, i - 1) + (word[i] as string) + (word[i - 1] as string) + word.slice(i + 1);
    }
  };
  /** The client's name as the front desk typed it into the booking system. */
  const asBooked = (first: string, last: string) => {
    let f = first;
    let l = last;
    if (chance(0.12)) l = typo(l);
    else if (chance(0.08)) f = typo(f);
    if (chance(0.05) && f.length > 5) f = f.slice(0, 4);
    const name = `${f} ${l}`;
    return chance(0.05) ? name.toUpperCase() : chance(0.05) ? `  ${name.toLowerCase()} ` : name;
  };
  const emailAsBooked = (email: string) =>
    chance(0.3)
      ? ""
      : chance(0.2)
        ? ` ${email.toUpperCase()} `
        : chance(0.1)
          ? email.replace(/^./, (c) => c.toUpperCase())
          : email;

  interface Person {
    first: string;
    last: string;
    national: string;
    email: string;
  }
  const people: Person[] = [];
  const newPerson = (last = pick(LAST), national = newMobile()): Person => {
    const first = pick(FIRST);
    return { first, last, national, email: emailOf(first, last, people.length) };
  };

  const quotes: GeneratedQuote[] = [];
  const owner = new Map<number, Person>();
  const addQuote = (person: Person, createdAt: Date) => {
    const id = quotes.length + 1;
    const roll = random();
    // One in ten already settled by a person: Booked or Not booked, never to be touched.
    const settled = roll < 0.1;
    const status = settled ? (roll < 0.05 ? "booked" : "not-booked") : roll < 0.25 ? "contacted" : "new";
    quotes.push({
      id,
      name: `${person.first} ${person.last}`,
      mobile: e164(person.national),
      email: person.email,
      createdAt,
      status,
      settledByPerson: settled,
    });
    owner.set(id, person);
    return id;
  };
  const twice = new Set<number>();
  const families: Person[] = [];
  while (quotes.length < quoteCount) {
    const person = newPerson();
    people.push(person);
    const createdAt = new Date(now.getTime() - Math.floor(random() * 100 * DAY_MS));
    const id = addQuote(person, createdAt);
    // Some ask twice (another service, another week): two open quotes of one person.
    if (chance(0.03) && quotes.length < quoteCount) {
      addQuote(person, new Date(createdAt.getTime() + Math.floor(random() * 5 * DAY_MS)));
      twice.add(id);
    }
    // Some share their phone with family: the same mobile, the same surname, another first name.
    if (chance(0.06)) {
      let relative = newPerson(person.last, person.national);
      while (relative.first === person.first) relative = newPerson(person.last, person.national);
      families.push(relative);
    }
  }

  const appointments: GeneratedAppointment[] = [];
  const booked = new Set<number>();
  let ref = 10_000;
  const push = (a: Omit<GeneratedAppointment, "externalId" | "cancelled" | "valuePence">) =>
    appointments.push({
      ...a,
      externalId: `A${ref++}`,
      cancelled: chance(0.05),
      valuePence: 2500 + Math.floor(random() * 200) * 100,
    });
  while (appointments.length < appointmentCount) {
    const roll = random();
    if (roll < 0.72) {
      // A client who had a quote books within the window (the newest of two, when she asked twice).
      const quote = pick(quotes);
      const person = owner.get(quote.id) as Person;
      if (
        booked.has(quote.id) ||
        twice.has(quote.id) ||
        quotes.some((q) => q.id !== quote.id && owner.get(q.id) === person)
      )
        continue;
      booked.add(quote.id);
      const startsAt = new Date(quote.createdAt.getTime() + (1 + Math.floor(random() * 55)) * DAY_MS);
      push({
        name: asBooked(person.first, person.last),
        mobile: chance(0.08) ? "" : typed(person.national),
        email: emailAsBooked(person.email),
        startsAt,
        truth: quote.id,
        kind: "client",
      });
    } else if (roll < 0.76 && twice.size > 0) {
      // One who asked twice: which quote she booked is for a person to say.
      const first = pick([...twice]);
      const person = owner.get(first) as Person;
      const second = quotes.find((q) => q.id !== first && owner.get(q.id) === person) as GeneratedQuote;
      if (booked.has(first)) continue;
      booked.add(first);
      push({
        name: asBooked(person.first, person.last),
        mobile: typed(person.national),
        email: emailAsBooked(person.email),
        startsAt: new Date(second.createdAt.getTime() + 3 * DAY_MS),
        truth: second.id,
        kind: "returning-twice",
      });
    } else if (roll < 0.84 && families.length > 0) {
      // A relative books with the family phone: no quote of hers, whatever the phone says.
      const relative = pick(families);
      push({
        name: asBooked(relative.first, relative.last),
        mobile: typed(relative.national),
        email: chance(0.5) ? relative.email : "",
        startsAt: new Date(now.getTime() - Math.floor(random() * 30 * DAY_MS)),
        truth: null,
        kind: "family",
      });
    } else if (roll < 0.87) {
      // The quote's client, but long after it: outside the window, it books nothing.
      const quote = pick(quotes);
      const person = owner.get(quote.id) as Person;
      if (booked.has(quote.id)) continue;
      push({
        name: `${person.first} ${person.last}`,
        mobile: typed(person.national),
        email: person.email,
        startsAt: new Date(quote.createdAt.getTime() + (62 + Math.floor(random() * 30)) * DAY_MS),
        truth: null,
        kind: "too-late",
      });
    } else {
      // A client who never asked for a quote.
      const stranger = newPerson();
      push({
        name: asBooked(stranger.first, stranger.last),
        mobile: typed(stranger.national),
        email: chance(0.5) ? stranger.email : "",
        startsAt: new Date(now.getTime() - Math.floor(random() * 30 * DAY_MS)),
        truth: null,
        kind: "no-quote",
      });
    }
  }
  return { quotes, appointments, now };
}
