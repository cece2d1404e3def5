/**
 * The Create Actor window offers every Actor sub-type the world declares, the module's swarm
 * among them (module.json `documentTypes`): v13 ClientDocumentMixin.createDialog lists
 * `this.TYPES` but the base type as the `<option>`s of its form's `select[name=type]`, in a
 * DialogV2, and only its `types` option narrows them; pf2e's Actor class has no createDialog of
 * its own (src/module/actor/base.ts; its Item class has one that drops some item types). Where
 * the system refuses the module's sub-type (pf2e: core/swarm-body.ts `refusesModuleTypes`),
 * choosing it only throws, so it is taken out of every window that offers it, as the window is
 * drawn (hooks/setup.ts, `renderApplicationV2`). Radio choices (`input[name=type]`) go too, with
 * the label around them.
 */
export function withoutTypes(root: ParentNode, types: readonly string[]): number {
  let removed = 0;
  for (const type of types) {
    const v = JSON.stringify(type);
    for (const el of root.querySelectorAll(`select[name="type"] option[value=${v}]`)) {
      el.remove();
      removed++;
    }
    for (const el of root.querySelectorAll(`input[name="type"][value=${v}]`)) {
      (el.closest("label") ?? el).remove();
      removed++;
    }
  }
  return removed;
}
