/** A list's filters: fields of its search form, so a filtered list is a link that can be shared and bookmarked. */
import { SelectField, TextField } from "./ui";

export function FilterSelect(props: {
  label: string;
  name: string;
  value: string | number | undefined;
  options: readonly { value: string | number; label: string }[];
  /** What the empty choice reads: "Any" unless the list's default has a name of its own. */
  any?: string;
}) {
  return (
    <SelectField
      label={props.label}
      name={props.name}
      defaultValue={props.value === undefined ? "" : String(props.value)}
      options={[
        { value: "", label: props.any ?? "Any" },
        ...props.options.map((o) => ({ value: String(o.value), label: o.label })),
      ]}
    />
  );
}

export function FilterDate({ label, name, value }: { label: string; name: string; value: string | undefined }) {
  return <TextField label={label} name={name} type="date" defaultValue={value} />;
}
