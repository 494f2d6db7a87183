import { HONEYPOT_FIELD } from "~/domain/form-texts";

/**
 * A field people never see and bots fill in (app/domain/forms.ts). Moved off
 * screen rather than `display: none`, which many bots recognise; hidden from
 * assistive technology and out of the tab order; autofill told to leave it.
 */
export function Honeypot({ formId }: { formId: string }) {
  const id = `${formId}-${HONEYPOT_FIELD}`;
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
