/** The fields of one offer, shared by its edit screen and the new-offer screen (inside an EditForm). */
import type { PictureRef } from "~/domain/pictures";
import { EditCheckbox, EditPicture, EditSelect, EditText, EditTextArea } from "./edit";

export function OfferFields({
  team,
  picture,
  illustration,
}: {
  team: readonly { slug: string; name: string }[];
  /** The uploaded picture shown now, if any, and the illustration shown without one. */
  picture: PictureRef | null;
  illustration: string;
}) {
  return (
    <>
      <fieldset className="mb-6">
        <legend className="mb-3 text-xl font-semibold">What visitors read</legend>
        <EditText name="title" label="Title" required maxLength={120} />
        <EditTextArea name="summary" label="Card text" hint="On the offer's card on /offers." rows={2} required />
        <EditTextArea
          name="body"
          label="Page text"
          hint="The offer's page. Leave a blank line between paragraphs."
          rows={10}
          required
        />
        <EditTextArea
          name="smallPrint"
          label="Small print"
          hint="One condition a line. Name the code to quote, and keep the line that offers can't be combined."
          rows={8}
          required
        />
        <EditPicture
          name="picture"
          label="Picture"
          hint="Wide, 3 by 2: the offer's card, its page and its text-message page."
          current={picture}
          fallback={{ src: illustration, width: 1200, height: 800 }}
          example="A client's glossy copper colour, seen from behind"
          remove={{ name: "removePicture", hint: "The offer goes back to the illustration below." }}
        />
        <EditText
          name="image"
          label="Illustration"
          hint="Shown while no picture is uploaded: a path on this site, such as /images/offers/general.svg."
          required
          maxLength={300}
        />
      </fieldset>
      <fieldset className="mb-6">
        <legend className="mb-3 text-xl font-semibold">The offer</legend>
        <EditSelect
          name="audience"
          label="Who it is for"
          options={[
            { value: "new", label: "New clients" },
            { value: "lapsed", label: "Clients we haven't seen for a while" },
            { value: "all", label: "Everyone" },
          ]}
        />
        <EditSelect
          name="kind"
          label="Kind of discount"
          options={[
            { value: "percent", label: "A percentage off" },
            { value: "amount", label: "An amount off, in pounds" },
          ]}
        />
        <EditText
          name="discount"
          label="Discount"
          hint="25 for 25% off, or 20 for £20 off."
          required
          inputMode="decimal"
        />
        <EditText name="code" label="Code to quote" hint="Letters and numbers only." required maxLength={20} />
        <EditText
          name="stylists"
          label="Stylists"
          hint={`Empty for anyone; otherwise their web names, separated by commas: ${team.map((m) => `${m.slug} (${m.name})`).join(", ")}.`}
          maxLength={500}
        />
      </fieldset>
      <fieldset className="mb-6">
        <legend className="mb-3 text-xl font-semibold">When it runs</legend>
        <EditText name="startDate" label="First day" type="date" hint="Empty: it runs from now." />
        <EditText
          name="endDate"
          label="Last day"
          type="date"
          hint="Empty: it ends on the shared end date set on the Offers screen."
        />
        <EditCheckbox
          name="listed"
          label="Show on the Offers page"
          hint="Its card shows from the first day to the last, by itself. Its page is there either way."
        />
      </fieldset>
      <fieldset className="mb-6">
        <legend className="mb-3 text-xl font-semibold">Text-message version</legend>
        <p className="mb-3 text-sm text-muted">
          Fill both to give the offer a page for links in text messages, at /sms/ and the offer's address. Leave both
          empty for none.
        </p>
        <EditText name="smsHeadline" label="Headline" maxLength={120} />
        <EditTextArea name="smsLead" label="Lead" rows={3} maxLength={400} />
      </fieldset>
    </>
  );
}
