import { zodResolver } from '@hookform/resolvers/zod';
import { toNestErrors } from '@hookform/resolvers';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { fieldErrorsOf } from './field-errors';

/**
 * A form checked by an endpoint's own request schema (`api.x.y.request`, or a `.pick()`/`.extend()` of it where the
 * form edits part of a request), so the browser and the server apply the same rules from one source. The form's
 * values may be shaped for the screen (camelCase names, text for numbers); `toInput` turns them into the request,
 * which is what the schema checks, and `fields` names the form field each request field is shown under.
 */
export interface ContractForm<F extends FieldValues, S extends z.ZodType = z.ZodType> {
  schema: S;
  /** The request the values stand for: what the schema checks and what is sent. */
  toInput: (values: F) => z.input<S>;
  /**
   * The request fields the browser checks, when the form leaves the others to the server (a request's `.pick()`;
   * the contracts' requests carry a NUL check, which zod does not let `.pick()` keep). Every field when absent.
   */
  checks?: readonly string[];
  /** Request field (dotted path) → the form field that shows its message, where the names differ. */
  fields?: Readonly<Record<string, string>>;
  /**
   * The screen's own words for a field's problem, where the spec words them differently from the schema (keyed by
   * form field; a function may pick by the zod issue code, and answer undefined to keep the schema's message).
   */
  messages?: Readonly<Record<string, string | ((code: string) => string | undefined)>>;
  /**
   * The screen's own rules beyond the request (a password typed twice, a field required only in some states), by
   * form field, in the spec's words: they take the place of the schema's message for the same field.
   */
  refine?: (values: F) => Readonly<Record<string, string | undefined>>;
}

/**
 * A form checked by one request, or by the one its values choose (the Make Outbound Call form: the kind of call
 * picks the endpoint, so the fields checked are that endpoint's).
 */
export type ContractFormOf<F extends FieldValues> = ContractForm<F> | ((values: F) => ContractForm<F>);

function chosen<F extends FieldValues>(form: ContractFormOf<F>, values: F): ContractForm<F> {
  return typeof form === 'function' ? form(values) : form;
}

export type FormErrors<F> = Partial<Record<keyof F & string, string>> & Record<string, string | undefined>;

export function defineContractForm<F extends FieldValues, S extends z.ZodType>(form: ContractForm<F, S>) {
  return form;
}

/** The form field a request path is shown under. */
function fieldOf(form: ContractForm<FieldValues>, path: string): string {
  const [head, ...rest] = path.split('.');
  const mapped = form.fields?.[path] ?? form.fields?.[head];
  return mapped === undefined ? path : form.fields?.[path] ? mapped : [mapped, ...rest].join('.');
}

/** Whether the browser checks the request field at `path` (see `checks`). */
function checked(form: ContractForm<FieldValues>, path: string): boolean {
  return !form.checks || form.checks.includes(path.split('.')[0]);
}

function messageOf(form: ContractForm<FieldValues>, field: string, code: string, message: string): string {
  const own = form.messages?.[field];
  return (typeof own === 'function' ? own(code) : own) ?? message;
}

/** The problems of the values by form field, first one each, in the screen's words: {} when they can be sent. */
export function contractFormErrors<F extends FieldValues>(
  formOf: ContractFormOf<F>,
  values: F,
): FormErrors<F> {
  const form = chosen(formOf, values);
  const parsed = form.schema.safeParse(form.toInput(values));
  const errors: Record<string, string> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    if (!checked(form as ContractForm<FieldValues>, issue.path.join('.'))) continue;
    const field = fieldOf(form as ContractForm<FieldValues>, issue.path.join('.'));
    errors[field] ??= messageOf(form as ContractForm<FieldValues>, field, issue.code, issue.message);
  }
  return { ...errors, ...ownErrors(form, values) } as FormErrors<F>;
}

/** The form's own rules' messages (`refine`), the fields without a problem left out. */
function ownErrors<F extends FieldValues>(form: ContractForm<F>, values: F): Record<string, string> {
  return Object.fromEntries(
    Object.entries(form.refine?.(values) ?? {}).filter((entry): entry is [string, string] =>
      Boolean(entry[1]),
    ),
  );
}

/** RHF's errors as a flat map of dotted paths. */
function flatten(errors: FieldErrors, prefix = ''): Record<string, FieldError> {
  const flat: Record<string, FieldError> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof (value as FieldError).type === 'string') flat[path] = value as FieldError;
    else Object.assign(flat, flatten(value as FieldErrors, path));
  }
  return flat;
}

/**
 * The zod resolver of @hookform/resolvers on the request the values stand for, with each problem moved to its
 * form field and worded as the screen words it. A valid form submits its own values (send `toInput(values)`).
 */
export function contractResolver<F extends FieldValues>(formOf: ContractFormOf<F>): Resolver<F> {
  const checks = new Map<ContractForm<F>, Resolver<FieldValues>>();
  return async (values, context, options) => {
    const form = chosen(formOf, values);
    let check = checks.get(form);
    if (!check) {
      check = zodResolver(form.schema as never, undefined, { raw: true }) as unknown as Resolver<FieldValues>;
      checks.set(form, check);
    }
    const result = await check(form.toInput(values) as FieldValues, context, options as never);
    const problems = Object.fromEntries(
      Object.entries(flatten(result.errors)).filter(([path]) =>
        checked(form as ContractForm<FieldValues>, path),
      ),
    );
    const own = ownErrors(form, values);
    if (Object.keys(problems).length === 0 && Object.keys(own).length === 0) return { values, errors: {} };
    const errors: Record<string, FieldError> = Object.fromEntries(
      Object.entries(own).map(([field, message]) => [field, { type: 'form', message }]),
    );
    for (const [path, problem] of Object.entries(problems)) {
      const field = fieldOf(form as ContractForm<FieldValues>, path);
      const type = String(problem.type);
      errors[field] ??= {
        type,
        message: messageOf(form as ContractForm<FieldValues>, field, type, problem.message ?? ''),
      };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/**
 * react-hook-form on a contract form: checked on submit, then again as fields change; a field's message (the
 * browser's or the server's) goes once the field is fixed.
 */
export function useContractForm<F extends FieldValues>(
  form: ContractFormOf<F>,
  defaultValues: DefaultValues<F>,
): UseFormReturn<F> {
  return useForm<F>({
    defaultValues,
    resolver: contractResolver(form),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

/**
 * The server's per-field messages of a refused save (`fieldErrorsOf`) by the form's field names, only those the
 * form shows (`known`); the first message of each.
 */
export function serverFormErrors(
  form: Pick<ContractForm<FieldValues>, 'fields'>,
  error: unknown,
  known: readonly string[],
): Record<string, string> {
  const placed: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrorsOf(error))) {
    const field = fieldOf(form as ContractForm<FieldValues>, path);
    if (known.includes(field)) placed[field] ??= message;
  }
  return placed;
}

/**
 * Puts the server's per-field messages of a refused save under the fields they are about (`setError`), and answers
 * them by form field ({} when none was about a field the form shows).
 */
export function showServerErrors<F extends FieldValues>(
  rhf: Pick<UseFormReturn<F>, 'setError'>,
  form: Pick<ContractForm<F>, 'fields'>,
  error: unknown,
  known: readonly string[],
): Record<string, string> {
  const placed = serverFormErrors(form, error, known);
  for (const [field, message] of Object.entries(placed)) {
    rhf.setError(field as never, { type: 'server', message });
  }
  return placed;
}

/** An MUI input registered as one of the form's fields (its input element as the ref). */
export function inputOf<F extends FieldValues>(
  rhf: Pick<UseFormReturn<F>, 'register'>,
  name: Path<F>,
  options?: RegisterOptions<F, Path<F>>,
) {
  const { ref, ...field } = rhf.register(name, options);
  return { ...field, inputRef: ref };
}

/** An MUI TextField as one of the form's fields, with the field's message (the browser's or the server's). */
export function textFieldOf<F extends FieldValues>(
  rhf: UseFormReturn<F>,
  name: Path<F>,
  options?: RegisterOptions<F, Path<F>>,
) {
  const message = (get(rhf.formState.errors, name) as FieldError | undefined)?.message;
  return { ...inputOf(rhf, name, options), error: Boolean(message), helperText: message };
}
