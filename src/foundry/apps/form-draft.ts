/**
 * What a person has typed or picked in a window and not sent yet (issue 20 item 3), kept across a
 * re-render that a change from another client caused: the fields whose value differs from the
 * one the window was drawn with (an input's defaultValue, a box's defaultChecked, an option's
 * defaultSelected), and the field that had the focus. A drawing the person asked for (a button)
 * starts from what the window shows instead.
 */

export interface FormDraft {
  readonly fields: readonly {
    readonly name: string;
    readonly value: string;
    readonly checked?: boolean;
  }[];
  readonly focus?: { readonly name: string; readonly value: string };
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function fields(root: ParentNode): Field[] {
  return [...root.querySelectorAll<Field>("input[name], select[name], textarea[name]")];
}

function edited(f: Field): boolean {
  if (f.tagName === "SELECT")
    return [...(f as HTMLSelectElement).options].some((o) => o.selected !== o.defaultSelected);
  const i = f as HTMLInputElement;
  if (i.type === "checkbox" || i.type === "radio") return i.checked !== i.defaultChecked;
  return i.value !== i.defaultValue;
}

export function captureDraft(root: HTMLElement): FormDraft {
  const out: { name: string; value: string; checked?: boolean }[] = [];
  for (const f of fields(root)) {
    if (!edited(f)) continue;
    const i = f as HTMLInputElement;
    if (i.type === "checkbox" || i.type === "radio")
      out.push({ name: i.name, value: i.value, checked: i.checked });
    else out.push({ name: f.name, value: f.value });
  }
  const active = root.ownerDocument.activeElement as Field | null;
  const focus =
    active && root.contains(active) && active.name
      ? { name: active.name, value: active.value }
      : undefined;
  return focus ? { fields: out, focus } : { fields: out };
}

/** Puts a draft back into the re-rendered window: fields that still exist, then the focus. */
export function restoreDraft(root: HTMLElement, draft: FormDraft): void {
  const all = fields(root);
  for (const d of draft.fields) {
    const same = all.filter((f) => f.name === d.name);
    if (d.checked === undefined) {
      for (const f of same) if (!f.disabled) f.value = d.value;
      continue;
    }
    for (const f of same as HTMLInputElement[])
      if (f.value === d.value && !f.disabled) f.checked = d.checked;
  }
  if (draft.focus) {
    const f = all.find(
      (x) =>
        x.name === draft.focus!.name &&
        ((x as HTMLInputElement).type !== "radio" || x.value === draft.focus!.value),
    );
    f?.focus();
  }
}
