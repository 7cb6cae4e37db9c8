import type { z } from 'zod';

/** A path into a request: object keys, and `0` for "an item of this array". */
export type FieldPath = (string | number)[];

export interface RequestField {
  path: FieldPath;
  kind: 'string' | 'array' | 'record' | 'unknown';
  /** The declared largest length (string) or size (array); undefined when unbounded. */
  max?: number;
  /** Its length is fixed by its format (uuid), so it needs no max. */
  fixedFormat?: boolean;
}

interface Def {
  type: string;
  format?: string;
  checks?: { _zod: { def: { check: string; maximum?: number; length?: number } } }[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  getter?: () => z.ZodType;
}

const FIXED_LENGTH_FORMATS = new Set(['uuid', 'guid', 'cuid', 'cuid2', 'ulid', 'nanoid']);
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional', 'success']);

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

function largest(def: Def): number | undefined {
  const sizes = (def.checks ?? [])
    .map((c) => c._zod.def)
    .flatMap((c) => (c.check === 'max_length' ? [c.maximum!] : c.check === 'length_equals' ? [c.length!] : []));
  return sizes.length ? Math.min(...sizes) : undefined;
}

/**
 * Every string, array, record and free-form (`unknown`) value a request schema reads from its input, with its
 * declared bound. It walks what a client sends: the input side of pipes and transforms, through optional, nullable,
 * default, union, intersection, tuple, record and lazy wrappers. Tests use it to find unbounded fields and to put a
 * hostile value in each string.
 */
export function requestFields(schema: z.ZodType): RequestField[] {
  const fields: RequestField[] = [];
  const seen = new Set<z.ZodType>();
  const visit = (node: z.ZodType, path: FieldPath) => {
    const def = defOf(node);
    if (WRAPPERS.has(def.type)) return visit(def.innerType!, path);
    switch (def.type) {
      case 'string':
        fields.push({ path, kind: 'string', max: largest(def), fixedFormat: FIXED_LENGTH_FORMATS.has(def.format ?? '') });
        return;
      case 'object':
        for (const [key, child] of Object.entries(def.shape ?? {})) visit(child, [...path, key]);
        if (def.catchall && defOf(def.catchall).type !== 'never') visit(def.catchall, [...path, '*']);
        return;
      case 'array':
        fields.push({ path, kind: 'array', max: largest(def) });
        return visit(def.element!, [...path, 0]);
      case 'record':
        fields.push({ path, kind: 'record' });
        visit(def.keyType!, [...path, '*key']);
        return visit(def.valueType!, [...path, 'k']);
      case 'tuple':
        def.items!.forEach((item, i) => visit(item, [...path, i]));
        if (def.rest) visit(def.rest, [...path, def.items!.length]);
        return;
      case 'union':
        // Each option at the same path; a field both options declare is reported once.
        for (const option of def.options!) visit(option, path);
        return;
      case 'intersection':
        visit(def.left!, path);
        return visit(def.right!, path);
      case 'pipe':
        // A client sends what the input side reads; after a preprocess (a transform first) that is the output side.
        return visit(defOf(def.in!).type === 'transform' ? def.out! : def.in!, path);
      case 'lazy':
        if (seen.has(node)) return;
        seen.add(node);
        return visit(def.getter!(), path);
      case 'any':
      case 'unknown':
        fields.push({ path, kind: 'unknown' });
        return;
      default:
        // number, boolean, enum, literal, date, null, transform (its input is whatever reached it), custom.
        return;
    }
  };
  visit(schema, []);
  const unique = new Map<string, RequestField>();
  for (const field of fields) {
    const key = `${field.kind}:${field.path.join('.')}`;
    const known = unique.get(key);
    // For a union of a bounded and an unbounded string at one path, the unbounded one decides.
    if (!known || (unboundedReason(known) === null && unboundedReason(field) !== null)) unique.set(key, field);
  }
  return [...unique.values()];
}

/** What is wrong with a field's bounds, or null: a string needs a max length (or a fixed format), an array a max size. */
export function unboundedReason(field: RequestField): string | null {
  if (field.kind === 'string' && field.max === undefined && !field.fixedFormat) return 'a string without a max length';
  if (field.kind === 'array' && field.max === undefined) return 'an array without a max size';
  if (field.kind === 'unknown') return 'a free-form value (unknown/any) with no bounds';
  if (field.kind === 'record') return 'a record with no bound on its keys';
  return null;
}

/** Builds an input with `value` at `path` (arrays for numeric segments, objects otherwise). */
export function inputWith(path: FieldPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const inner = inputWith(rest, value);
  if (typeof head === 'number') return [...Array.from({ length: head }, () => ({})), inner];
  return { [head === '*' ? 'extra' : head === '*key' ? 'k' : head]: inner };
}
