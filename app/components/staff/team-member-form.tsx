/** The form of one team member, for adding and for editing (app/routes/staff/content-team-*.tsx). */
import type { PictureRef } from "~/domain/pictures";
import { EditCheckbox, EditForm, EditPicture, EditSelect, EditText, EditTextArea } from "./edit";

export interface MemberFormProps {
  intent: "create" | "save";
  version: number;
  current: Readonly<Record<string, string | undefined>>;
  salons: readonly { id: number; name: string }[];
  levels: readonly { id: number; name: string }[];
  photo: PictureRef | null;
  montage: PictureRef | null;
  image: string;
  montageImage: string;
  submitLabel: string;
}

export function TeamMemberForm(props: MemberFormProps) {
  return (
    <EditForm
      intent={props.intent}
      version={props.version}
      current={props.current}
      submitLabel={props.submitLabel}
      encType="multipart/form-data"
    >
      <div className="grid gap-x-4 sm:grid-cols-2">
        <EditText name="firstName" label="First name" required maxLength={40} />
        <EditText name="lastName" label="Last name" required maxLength={40} />
        <EditSelect
          name="salonId"
          label="Salon"
          options={props.salons.map((s) => ({ value: String(s.id), label: s.name }))}
        />
        <EditSelect
          name="levelId"
          label="Level"
          hint="Sets their prices in the calculator."
          options={props.levels.map((l) => ({ value: String(l.id), label: l.name }))}
        />
      </div>
      <EditCheckbox
        name="acceptingNewClients"
        label="Taking new clients"
        hint="When not, the calculator shows them but offers no quote with them."
      />
      <EditTextArea name="para1" label="First paragraph" hint="Shown on the team page too." required rows={4} />
      <EditTextArea name="para2" label="Second paragraph" required rows={4} />
      <EditTextArea name="para3" label="Third paragraph (optional)" rows={4} />
      <EditText
        name="instagram"
        label="Instagram profile (optional)"
        hint="The full address, such as https://www.instagram.com/isla.maisonivy/."
        type="url"
        maxLength={200}
      />
      <EditPicture
        name="photo"
        label="Portrait"
        hint="Upright, the face near the top: the team page shows it 4 wide by 5 high."
        current={props.photo}
        fallback={{ src: props.image, width: 600, height: 750 }}
        focus
      />
      <EditPicture
        name="montage"
        label="Montage"
        hint="Wide, about 2 by 1: the top of their page."
        current={props.montage}
        fallback={{ src: props.montageImage, width: 1200, height: 600 }}
      />
    </EditForm>
  );
}
