/**
 * `foundry.applications.ux.FormDataExtended` (facts §1, from a core source copy, code index id
 * 19026533449; v13 API docs foundry.applications.ux.FormDataExtended). Built from the browser's
 * own form: it walks `form.elements` and converts each named field into `.object`, keyed by
 * the raw name (dotted names are not expanded):
 * - a form with a `disabled` attribute gives nothing; a `:disabled` field is skipped (its key
 *   absent) unless `{disabled: true}`;
 * - `type=number`/`range`: empty -> null, else Number(value);
 * - a checkbox without a value attribute (or data-dtype Boolean): its `checked`; with a value
 *   attribute, that value when checked, else null;
 * - a radio group: the checked radio's value, or undefined when none is checked (the key is
 *   present); a lone radio: its value when checked, else null;
 * - `select-multiple`: the selected values; other fields: their string value;
 * - several non-radio fields of one name: an array of their values; buttons are skipped;
 * - `data-dtype` casts (String, Boolean, Number: "" or "null" -> null, JSON).
 */
import type { Obj } from "./utils.ts";

type Field = HTMLInputElement & { selectedOptions: HTMLCollectionOf<HTMLOptionElement> };

// v13 client/applications/ux/form-data-extended.mjs FormDataExtended#cast
function cast(value: unknown, dtype: string | undefined): unknown {
  switch (dtype) {
    case undefined:
    case "String":
      return value;
    case "Boolean":
      return value === "false" ? false : Boolean(value);
    case "Number":
      return value === "" || value === "null" || value === null ? null : Number(value);
    case "JSON":
      return JSON.parse(String(value));
    default: {
      const fn = (window as unknown as Record<string, unknown>)[dtype];
      return typeof fn === "function" ? (fn as (v: unknown) => unknown)(value) : value;
    }
  }
}

// v13 client/applications/ux/form-data-extended.mjs FormDataExtended#valueOf
function valueOf(el: Field): unknown {
  const dtype = el.dataset.dtype;
  if (el.type === "checkbox") {
    if (!el.hasAttribute("value") || dtype === "Boolean") return el.checked;
    return el.checked ? cast(el.value, dtype) : null;
  }
  if (el.type === "radio") return el.checked ? cast(el.value, dtype) : null;
  if (el.type === "number" || el.type === "range")
    return el.value === "" ? null : cast(el.value, dtype ?? "Number");
  if (el.type === "select-multiple")
    return [...el.selectedOptions].map((o) => cast(o.value, dtype));
  return cast(el.value, dtype);
}

export class FormDataExtended extends FormData {
  readonly object: Obj = {};

  // v13 client/applications/ux/form-data-extended.mjs FormDataExtended#constructor
  constructor(form: HTMLFormElement, { disabled = false }: { disabled?: boolean } = {}) {
    super();
    if (form.hasAttribute("disabled") && !disabled) return;
    const byName = new Map<string, Field[]>();
    for (const el of [...form.elements] as Field[]) {
      if (!el.name || el.type === "submit" || el.type === "button" || el.type === "reset") continue;
      if (!disabled && el.matches(":disabled")) continue;
      const list = byName.get(el.name) ?? [];
      list.push(el);
      byName.set(el.name, list);
    }
    for (const [name, els] of byName) {
      let value: unknown;
      if (els[0]!.type === "radio" && els.length > 1) {
        const on = els.find((e) => e.checked);
        value = on ? cast(on.value, on.dataset.dtype) : undefined;
      } else if (els.length > 1) value = els.map(valueOf);
      else value = valueOf(els[0]!);
      this.object[name] = value;
      if (value !== undefined && value !== null) this.set(name, String(value));
    }
  }
}
