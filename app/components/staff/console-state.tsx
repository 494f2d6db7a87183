/**
 * What the console's pages share in the browser, held by the staff layout:
 * which edit forms have changes not yet saved (to warn before they are left
 * behind), and which form was sent last (so its answer shows beside it).
 * On the server, and without JavaScript, nothing here does anything: a save
 * is a page load and the page's notice at its top says what happened.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useBlocker, useNavigation } from "react-router";

interface ConsoleState {
  /** Records whether the form `id` has changes not yet saved. */
  markDirty(id: string, dirty: boolean): void;
  /** The edit form sent last without a page load, by its id; null before any, or when another form was sent since. */
  lastSent: string | null;
  /** Called by an edit form as it is sent: the submission that follows is its. */
  noteSent(id: string): void;
}

const ConsoleContext = createContext<ConsoleState>({ markDirty() {}, lastSent: null, noteSent() {} });

export const useConsoleState = () => useContext(ConsoleContext);

const LEAVE_WARNING = "You have changes that are not saved. Leave this page and lose them?";

export function ConsoleStateProvider({ children }: { children: ReactNode }) {
  // A ref, not state: the blocker reads it as a form is sent, before React renders again.
  const dirty = useRef(new Set<string>());
  const [anyDirty, setAnyDirty] = useState(false);
  const [lastSent, setLastSent] = useState<string | null>(null);
  // Every submission passes through here: an edit form's claims it, any other form's clears the claim.
  const claimed = useRef<string | null>(null);
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state !== "submitting") return;
    setLastSent(claimed.current);
    claimed.current = null;
  }, [navigation.state]);
  const noteSent = useCallback((id: string) => {
    claimed.current = id;
  }, []);
  const markDirty = useCallback((id: string, on: boolean) => {
    if (on) dirty.current.add(id);
    else dirty.current.delete(id);
    setAnyDirty(dirty.current.size > 0);
  }, []);
  // Only leaving the page is held back: a save posts to the page itself.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty.current.size > 0 && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(LEAVE_WARNING)) {
      dirty.current.clear();
      setAnyDirty(false);
      blocker.proceed();
    } else blocker.reset();
  }, [blocker]);
  // Closing the tab, reloading or typing another address: the browser asks in its own words.
  useEffect(() => {
    if (!anyDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [anyDirty]);
  const value = useMemo(() => ({ markDirty, lastSent, noteSent }), [markDirty, lastSent, noteSent]);
  return <ConsoleContext value={value}>{children}</ConsoleContext>;
}
