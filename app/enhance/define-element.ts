/**
 * The one way a widget of app/enhance becomes a custom element, and the one
 * way its markup is named.
 *
 * Each element module exports a contract: its tag and the `data-` attributes
 * it looks for. The component that renders the markup spreads `part(...)` of
 * the same names and the element finds them with `selector(...)`, so the two
 * cannot drift apart by a typo. Importing a contract is safe on the server:
 * nothing here touches the DOM until `defineElement` runs in the browser.
 */

type DataAttribute = `data-${string}`;

/** `{ "data-x": "" }` (or the value given), to spread on the element the contract names. */
export function part<A extends DataAttribute>(attribute: A, value = ""): { [K in A]: string } {
  return { [attribute]: value } as { [K in A]: string };
}

/** `[data-x]`, or `[data-x="value"]`: what the element looks for. */
export function selector(attribute: DataAttribute, value?: string): string {
  return value === undefined ? `[${attribute}]` : `[${attribute}="${value}"]`;
}

function makeBase() {
  /**
   * What every element shares: set-up on entering the document, with listeners
   * on a signal that is aborted when it leaves (and set up again if it is moved).
   */
  return class EnhancedElement extends HTMLElement {
    #listeners: AbortController | null = null;

    connectedCallback() {
      this.#listeners?.abort();
      this.#listeners = new AbortController();
      this.connect(this.#listeners.signal);
    }

    disconnectedCallback() {
      this.#listeners?.abort();
      this.#listeners = null;
      this.disconnect();
    }

    /** Finds its parts and listens, with `signal` on every listener. */
    connect(_signal: AbortSignal): void {}

    /** Stops whatever is not a listener (timers, animation frames). */
    disconnect(): void {}
  };
}

export type EnhancedElement = ReturnType<typeof makeBase>;

let base: EnhancedElement | undefined;

/**
 * Defines `tag` once per page, with the class `make` builds on the shared base.
 * The class is made only here, in the browser, because HTMLElement exists only there.
 */
export function defineElement(tag: string, make: (Base: EnhancedElement) => CustomElementConstructor): void {
  if (customElements.get(tag)) return;
  base ??= makeBase();
  customElements.define(tag, make(base));
}
