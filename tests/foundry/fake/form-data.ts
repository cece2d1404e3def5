/**
 * What Foundry's FormDataExtended gives a form handler, for forms rendered in jsdom. Foundry v13
 * client/applications/ux/form-data-extended.mjs (FormDataExtended, its per-element processing)
 * walks `form.elements` and converts each named field before it lands in `.object`:
 * - fields without a name, and disabled fields (unless the `disabled` option), are skipped;
 * - a checkbox without a `value` attribute gives a boolean (`checked`); with one, its value when
 *   checked and null when not; several fields of one name give an array;
 * - a radio group gives the checked radio's value, or undefined when none is checked (a lone
 *   radio: null);
 * - `type=number` and `type=range` give a Number, and **null when the box is empty**;
 * - a `<select multiple>` gives an array of the selected values; a plain select its value;
 * - `data-dtype` converts the value ("Number": empty -> null, "Boolean", "JSON");
 * - everything else gives its string value.
 * `.object` keeps the flat, dotted names (`fisher.<id>.attack`); handlers expand it themselves
 * (foundry.utils.expandObject) when they want nesting. The same rules are imitated in the browser
 * fake (tests/foundry/boot/).
 */
export function formDataObject(
  form: Element,
  options: { disabled?: boolean } = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  type Field = HTMLInputElement & { selectedOptions?: HTMLCollectionOf<HTMLOptionElement> };
  const elements = form.querySelectorAll<Field>("input, select, textarea");
  const radios = new Set<string>();
  for (const el of elements) {
    const name = el.name;
    if (!name) continue;
    if (el.disabled && !options.disabled) continue;
    const type: string = el.type;
    if (type === "checkbox") {
      const value = el.hasAttribute("value") ? (el.checked ? el.value : null) : el.checked;
      const same = form.querySelectorAll(`input[type=checkbox][name="${name}"]`);
      if (same.length > 1) out[name] = [...((out[name] as unknown[] | undefined) ?? []), value];
      else out[name] = value;
      continue;
    }
    if (type === "radio") {
      const group = form.querySelectorAll(`input[type=radio][name="${name}"]`).length > 1;
      if (!radios.has(name)) out[name] = group ? undefined : null;
      radios.add(name);
      if (el.checked) out[name] = el.value;
      continue;
    }
    if (type === "select-multiple") {
      out[name] = [...(el.selectedOptions ?? [])].map((o) => o.value);
      continue;
    }
    const dtype = el.dataset?.dtype;
    if (type === "number" || type === "range" || dtype === "Number") {
      out[name] = el.value === "" ? null : Number(el.value);
      continue;
    }
    if (dtype === "Boolean") out[name] = el.value !== "false" && Boolean(el.value);
    else if (dtype === "JSON") out[name] = el.value === "" ? null : JSON.parse(el.value);
    else out[name] = el.value;
  }
  return out;
}
