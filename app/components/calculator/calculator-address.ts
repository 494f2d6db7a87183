/**
 * Which clicks and addresses the calculator island handles itself. Pure, so
 * the rules are tested without a browser: a link the island follows must be
 * exactly one the server would answer with the same calculator page.
 */
import { type CalculatorState, parseCalculatorState } from "~/domain/calculator-state";
import { CALCULATOR_PATH } from "../quote/links";
import { EDIT_PARAM } from "./calculator-view";

/** What the calculator shows for an address: its state and the step reopened with "Change". */
export interface CalculatorAddress {
  state: CalculatorState;
  edit: string | null;
  /** The element the link jumps to (without "#"), or null. */
  hash: string | null;
}

/** The state in a calculator address, or null for any other page (or another site). */
export function calculatorAddress(href: string, origin: string): CalculatorAddress | null {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname !== CALCULATOR_PATH) return null;
  return {
    state: parseCalculatorState(url.searchParams),
    edit: url.searchParams.get(EDIT_PARAM),
    hash: url.hash.length > 1 ? decodeHash(url.hash.slice(1)) : null,
  };
}

function decodeHash(hash: string): string | null {
  try {
    return decodeURIComponent(hash);
  } catch {
    return null;
  }
}

/** The parts of a click that decide whether the browser should follow the link itself. */
export interface LinkClick {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  /** The link's target attribute ("" when it has none). */
  target: string;
  /** The link asks to be downloaded. */
  download: boolean;
}

/**
 * A plain left click on a link that opens in this tab: the only kind the
 * island answers in place. A modified or middle click opens a new tab or
 * window, which must get the page from the server as before.
 */
export function isPlainClick(click: LinkClick): boolean {
  return (
    click.button === 0 &&
    !click.metaKey &&
    !click.ctrlKey &&
    !click.shiftKey &&
    !click.altKey &&
    !click.defaultPrevented &&
    (click.target === "" || click.target === "_self") &&
    !click.download
  );
}
