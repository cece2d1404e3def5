/**
 * `foundry.abstract.DataModel` / `TypeDataModel` and the `foundry.data.fields` the module's
 * swarm model and the system stand-ins use (v13 common/abstract/data.mjs, common/data/fields.mjs;
 * API docs foundry.abstract.DataModel, foundry.data.fields.*). A model cleans its source with
 * its schema (casts, initial values), validates it (a bad value throws, as a strict model
 * does), and exposes each field as a property of the instance.
 */
import type { Obj } from "./utils.ts";
import { deepClone, isPlain, mergeObject } from "./utils.ts";

export interface FieldOptions {
  required?: boolean;
  nullable?: boolean;
  initial?: unknown;
  label?: string;
  hint?: string;
  integer?: boolean;
  min?: number;
  max?: number;
  choices?: readonly string[] | Record<string, string>;
  blank?: boolean;
}

/** DataField (fields.mjs): options, `initial`, `clean`, `validate`; `name`/`parent` set by its schema. */
export class DataField {
  name = "";
  parent: DataField | undefined;
  label = "";
  hint = "";

  // v13 common/data/fields.mjs DataField#constructor
  constructor(readonly options: FieldOptions = {}) {
    this.label = options.label ?? "";
    this.hint = options.hint ?? "";
  }

  // v13 common/data/fields.mjs DataField#fieldPath
  get fieldPath(): string {
    return this.parent?.fieldPath ? `${this.parent.fieldPath}.${this.name}` : this.name;
  }

  /** DataField#getInitialValue: a function `initial` is called, else the value is cloned. */
  // v13 common/data/fields.mjs DataField#getInitialValue
  getInitialValue(): unknown {
    const i = this.options.initial;
    return typeof i === "function" ? (i as () => unknown)() : deepClone(i);
  }

  // v13 common/data/fields.mjs DataField#clean
  clean(v: unknown): unknown {
    return v === undefined ? this.getInitialValue() : v;
  }

  /** DataField#validate: nullability, then the type's own check; returns a failure or undefined. */
  // v13 common/data/fields.mjs DataField#validate
  validate(v: unknown): string | undefined {
    if (v === undefined || v === null) {
      if (v === null && this.options.nullable) return undefined;
      if (v === undefined && !this.options.required) return undefined;
      return this.options.nullable ? undefined : "may not be null";
    }
    return this.check(v);
  }

  // v13 common/data/fields.mjs DataField#_validateType
  protected check(_v: unknown): string | undefined {
    return undefined;
  }

  // v13 common/data/fields.mjs DataField#initialize
  initialize(v: unknown): unknown {
    return deepClone(v);
  }
}

/** NumberField (fields.mjs): casts numeric strings; integer, min and max are validated. */
export class NumberField extends DataField {
  // v13 common/data/fields.mjs NumberField#constructor
  constructor(options: FieldOptions = {}) {
    super({ nullable: true, initial: null, ...options });
  }
  // v13 common/data/fields.mjs NumberField#clean
  override clean(v: unknown): unknown {
    if (v === undefined) return this.getInitialValue();
    if (v === null || v === "") return this.options.nullable ? null : this.getInitialValue();
    return typeof v === "string" ? Number(v) : v;
  }
  // v13 common/data/fields.mjs NumberField#check
  protected override check(v: unknown): string | undefined {
    if (typeof v !== "number" || Number.isNaN(v)) return "must be a number";
    if (this.options.integer && !Number.isInteger(v)) return "must be an integer";
    if (this.options.min !== undefined && v < this.options.min)
      return `must be at least ${this.options.min}`;
    if (this.options.max !== undefined && v > this.options.max)
      return `must be at most ${this.options.max}`;
    return undefined;
  }
}

/** StringField (fields.mjs): casts to a string; `blank` and `choices` validated. */
export class StringField extends DataField {
  // v13 common/data/fields.mjs StringField#constructor
  constructor(options: FieldOptions = {}) {
    super({ nullable: false, blank: true, initial: options.required ? undefined : "", ...options });
  }
  // v13 common/data/fields.mjs StringField#clean
  override clean(v: unknown): unknown {
    if (v === undefined) return this.getInitialValue();
    return v === null ? v : String(v);
  }
  // v13 common/data/fields.mjs StringField#check
  protected override check(v: unknown): string | undefined {
    if (typeof v !== "string") return "must be a string";
    if (!this.options.blank && v === "") return "may not be a blank string";
    const c = this.options.choices;
    const keys = Array.isArray(c) ? c : c ? Object.keys(c) : undefined;
    if (keys && !keys.includes(v)) return `${v} is not a valid choice`;
    return undefined;
  }
}

/** BooleanField (fields.mjs): initial false; any value is cast with Boolean. */
export class BooleanField extends DataField {
  // v13 common/data/fields.mjs BooleanField#constructor
  constructor(options: FieldOptions = {}) {
    super({ required: true, nullable: false, initial: false, ...options });
  }
  // v13 common/data/fields.mjs BooleanField#clean
  override clean(v: unknown): unknown {
    return v === undefined ? this.getInitialValue() : Boolean(v);
  }
  // v13 common/data/fields.mjs BooleanField#check
  protected override check(v: unknown): string | undefined {
    return typeof v === "boolean" ? undefined : "must be a boolean";
  }
}

/** ObjectField (fields.mjs): any plain object, initial {}. */
export class ObjectField extends DataField {
  // v13 common/data/fields.mjs ObjectField#constructor
  constructor(options: FieldOptions = {}) {
    super({ required: true, nullable: false, initial: () => ({}), ...options });
  }
  // v13 common/data/fields.mjs ObjectField#check
  protected override check(v: unknown): string | undefined {
    return isPlain(v) ? undefined : "must be an object";
  }
}

/** SchemaField (fields.mjs): named inner fields; its initial value is built from theirs. */
export class SchemaField extends DataField {
  readonly fields: Record<string, DataField>;

  // v13 common/data/fields.mjs SchemaField#constructor
  constructor(fields: Record<string, DataField>, options: FieldOptions = {}) {
    super({ required: true, nullable: false, ...options });
    this.fields = fields;
    for (const [name, f] of Object.entries(fields)) {
      f.name = name;
      f.parent = this;
    }
  }

  // v13 common/data/fields.mjs SchemaField#getInitialValue
  override getInitialValue(): unknown {
    return this.clean({});
  }

  // v13 common/data/fields.mjs SchemaField#clean
  override clean(v: unknown): unknown {
    const src = isPlain(v) ? v : {};
    const out: Obj = { ...src };
    for (const [name, f] of Object.entries(this.fields)) out[name] = f.clean(src[name]);
    return out;
  }

  // v13 common/data/fields.mjs SchemaField#validate
  override validate(v: unknown): string | undefined {
    if (!isPlain(v)) return "must be an object";
    for (const [name, f] of Object.entries(this.fields)) {
      const failure = f.validate(v[name]);
      if (failure) return `${name}: ${failure}`;
    }
    return undefined;
  }

  /** SchemaField#apply-style walk over every field (used by localizeSchema and tracked attributes). */
  // v13 common/data/fields.mjs SchemaField#fields
  *entries(): Generator<[string, DataField]> {
    yield* Object.entries(this.fields);
  }
}

/** DataModelValidationError (common/data/validation-failure.mjs): what a strict model throws. */
export class DataModelValidationError extends Error {}

type ModelClass = { defineSchema(): Record<string, DataField>; name: string };
const schemas = new WeakMap<object, SchemaField>();

/**
 * DataModel (data.mjs): `new Model(source, {parent, strict})` cleans and validates the source
 * (strict: a failure throws), then `_initialize` puts each field on the instance.
 */
export class DataModel {
  _source: Obj;
  parent: unknown;

  // v13 common/abstract/data.mjs DataModel.defineSchema
  static defineSchema(): Record<string, DataField> {
    return {};
  }

  /** DataModel.schema: the SchemaField of defineSchema, built once per class. */
  // v13 common/abstract/data.mjs DataModel.schema
  static get schema(): SchemaField {
    let s = schemas.get(this);
    if (!s) {
      s = new SchemaField((this as unknown as ModelClass).defineSchema());
      schemas.set(this, s);
    }
    return s;
  }

  // v13 common/abstract/data.mjs DataModel#constructor
  constructor(
    data: Obj = {},
    { parent = null, strict = true }: { parent?: unknown; strict?: boolean } = {},
  ) {
    this.parent = parent;
    const schema = (this.constructor as typeof DataModel).schema;
    this._source = schema.clean(deepClone(data)) as Obj;
    const failure = schema.validate(this._source);
    if (failure && strict)
      throw new DataModelValidationError(
        `${(this.constructor as unknown as ModelClass).name} validation errors: ${failure}`,
      );
    this._initialize();
  }

  /** DataModel#_initialize: each schema field becomes an own property. */
  // v13 common/abstract/data.mjs DataModel#_initialize
  protected _initialize(): void {
    const schema = (this.constructor as typeof DataModel).schema;
    for (const [name, f] of schema.entries())
      Object.defineProperty(this, name, {
        value: f.initialize(this._source[name]),
        writable: true,
        enumerable: true,
        configurable: true,
      });
  }

  /** DataModel#updateSource: merges, re-validates and re-initializes. */
  // v13 common/abstract/data.mjs DataModel#updateSource
  updateSource(changes: Obj = {}): Obj {
    const schema = (this.constructor as typeof DataModel).schema;
    const next = schema.clean(mergeObject(deepClone(this._source), changes)) as Obj;
    const failure = schema.validate(next);
    if (failure) throw new DataModelValidationError(failure);
    this._source = next;
    this._initialize();
    return changes;
  }

  /** DataModel#toObject(source = true): a clone of the source. */
  // v13 common/abstract/data.mjs DataModel#toObject
  toObject(): Obj {
    return deepClone(this._source);
  }
}

/**
 * TypeDataModel (data.mjs): the `system` of a typed document; its parent is the document, and
 * the document's prepareData calls prepareBaseData / prepareDerivedData on it.
 */
export class TypeDataModel extends DataModel {
  static LOCALIZATION_PREFIXES: string[] = [];
  // v13 common/abstract/type-data.mjs TypeDataModel#prepareBaseData
  prepareBaseData(): void {}
  // v13 common/abstract/type-data.mjs TypeDataModel#prepareDerivedData
  prepareDerivedData(): void {}
  // v13 common/abstract/type-data.mjs TypeDataModel#getRollData
  getRollData(): Obj {
    return deepClone(this as unknown as Obj);
  }
}

/**
 * Localization#_localizeDataModels -> DataModel.localizeSchema (v12+ client/helpers/localization.mjs,
 * at i18nInit): a field's label and hint come from `<prefix>.FIELDS.<path>.label|hint` when
 * the key exists. UNCONFIRMED whether core looks keys up without `has` (the fake checks first,
 * so it records no missing key for it).
 */
export function localizeSchema(
  schema: SchemaField,
  prefixes: readonly string[],
  has: (k: string) => boolean,
  t: (k: string) => string,
): void {
  const walk = (s: SchemaField) => {
    for (const [, f] of s.entries()) {
      for (const p of prefixes) {
        const base = `${p}.FIELDS.${f.fieldPath}`;
        if (!f.label && has(`${base}.label`)) f.label = t(`${base}.label`);
        if (!f.hint && has(`${base}.hint`)) f.hint = t(`${base}.hint`);
      }
      if (f instanceof SchemaField) walk(f);
    }
  };
  walk(schema);
}

export const fields = {
  DataField,
  NumberField,
  StringField,
  BooleanField,
  ObjectField,
  SchemaField,
};
