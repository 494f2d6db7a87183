// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PasskeyButton } from "./passkey-button";

const webauthn = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));
vi.mock("@simplewebauthn/browser", () => webauthn);

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The server's answers, in order, and what was posted to it. */
function serverAnswers(...answers: { status?: number; body: Record<string, unknown> }[]) {
  const posted: Record<string, unknown>[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit) => {
      posted.push(JSON.parse(String(init.body)));
      const answer = answers.shift() ?? { status: 500, body: {} };
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
  return posted;
}

let root: Root | undefined;

async function mount(node: React.ReactNode) {
  const container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root?.render(node));
  const button = container.querySelector<HTMLButtonElement>("button");
  const status = container.querySelector<HTMLElement>('[role="alert"]');
  if (!button || !status) throw new Error("PasskeyButton renders a button and a place for its message");
  return { button, status };
}

beforeEach(() => {
  vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
});

afterEach(() => {
  act(() => root?.unmount());
  document.body.replaceChildren();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("PasskeyButton", () => {
  it("signs in: options from the server, the device's answer back, then the page the server names", async () => {
    const posted = serverAnswers(
      { body: { options: { challenge: "c" }, challengeId: "7" } },
      { body: { next: "/staff" } },
    );
    webauthn.startAuthentication.mockResolvedValue({ id: "cred" });
    const { button } = await mount(
      <PasskeyButton mode="sign-in" next="/staff/leads">
        Sign in with a passkey
      </PasskeyButton>,
    );
    await act(async () => button.click());
    await vi.waitFor(() => expect(window.location.assign).toHaveBeenCalledWith("/staff"));
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: "c" } });
    expect(posted).toEqual([
      { intent: "sign-in-options" },
      { intent: "sign-in-verify", challengeId: "7", response: { id: "cred" }, next: "/staff/leads" },
    ]);
  });

  it("registers a passkey under the name typed in the field it is told of", async () => {
    const posted = serverAnswers(
      { body: { options: {}, challengeId: "9" } },
      { body: { next: "/staff/devices?added=1" } },
    );
    webauthn.startRegistration.mockResolvedValue({ id: "new" });
    const { button } = await mount(
      <>
        <input id="passkey-label" defaultValue="Front desk tablet" />
        <PasskeyButton mode="register" labelField="passkey-label">
          Add a passkey on this device
        </PasskeyButton>
      </>,
    );
    await act(async () => button.click());
    await vi.waitFor(() => expect(window.location.assign).toHaveBeenCalledWith("/staff/devices?added=1"));
    expect(posted[1]).toMatchObject({ intent: "register-verify", challengeId: "9", label: "Front desk tablet" });
  });

  it("is busy while the device asks, and says so when the passkey was not used", async () => {
    serverAnswers({ body: { options: {}, challengeId: "1" } });
    let refuse: (error: Error) => void = () => undefined;
    webauthn.startAuthentication.mockReturnValue(new Promise((_, reject) => (refuse = reject)));
    const { button, status } = await mount(<PasskeyButton mode="sign-in">Sign in with a passkey</PasskeyButton>);
    await act(async () => button.click());
    await vi.waitFor(() => expect(webauthn.startAuthentication).toHaveBeenCalled());
    expect(button.disabled).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(button.textContent).toBe("Waiting for your passkey…");
    await act(async () => refuse(Object.assign(new Error("no"), { name: "NotAllowedError" })));
    await vi.waitFor(() =>
      expect(status.textContent).toBe("The passkey was not used. Try again, or use the e-mail code."),
    );
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe("Sign in with a passkey");
    expect(window.location.assign).not.toHaveBeenCalled();
  });

  it("says what the server refused", async () => {
    serverAnswers(
      { body: { options: {}, challengeId: "1" } },
      { status: 401, body: { error: "That passkey was not recognised." } },
    );
    webauthn.startAuthentication.mockResolvedValue({ id: "cred" });
    const { button, status } = await mount(<PasskeyButton mode="sign-in">Sign in with a passkey</PasskeyButton>);
    await act(async () => button.click());
    await vi.waitFor(() => expect(status.textContent).toBe("That passkey was not recognised."));
  });
});
