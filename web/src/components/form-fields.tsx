import { Form, useField, useFormikContext, type FormikFormProps } from 'formik';
import {
  useEffect,
  useId,
  useRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useTranslation } from 'react-i18next';
import { focusFirstError } from '../lib/focus-first-error';

/**
 * Schema messages are i18n keys (validation.*); unknown text is shown as it is. A field is judged once
 * the player changed it and left it, or tried to send the form: tabbing past a field not yet filled
 * in says nothing (record 127).
 */
function useFieldError(name: string) {
  const [field, meta] = useField(name);
  const { submitCount } = useFormikContext();
  const { t } = useTranslation();
  if (!meta.touched || !meta.error || (submitCount === 0 && field.value === meta.initialValue)) return null;
  return t(meta.error as never, { defaultValue: meta.error }) as string;
}

/** Required fields carry an asterisk (SPEC §5); it is decoration, not part of the name. */
function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={htmlFor}>
      {label}
      {required ? (
        <span className="required" aria-hidden>
          {' '}
          *
        </span>
      ) : null}
    </label>
  );
}

/**
 * A control's error, said as it appears; `describedBy(id, error)` (or `errorAria`) ties the control
 * or its group to it. A paragraph (`as="p"`) under a group of choices, a span in a field's meta line.
 */
export function FieldError({ id, error, as: Tag = 'span' }: { id: string; error: string | null; as?: 'span' | 'p' }) {
  if (!error) return null;
  return (
    <Tag className="field-error" id={`${id}-error`} role="alert">
      {error}
    </Tag>
  );
}

/** Links a control to its error message for screen readers. */
export const describedBy = (id: string, error: string | null) => (error ? `${id}-error` : undefined);

/**
 * A labelled control with its error (or hint) and, for limited text, a character counter
 * (SPEC §5). Formik fields below use it; controls outside Formik (files, pickers) too.
 */
export function FieldFrame({
  id,
  label,
  required,
  error,
  hint,
  counter,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error: string | null;
  hint?: ReactNode;
  counter?: { length: number; max: number };
  children: ReactNode;
}) {
  return (
    <div className={`field ${error ? 'field-invalid' : ''}`}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      {children}
      <div className="field-meta">
        {error ? <FieldError id={id} error={error} /> : <span className="field-hint">{hint}</span>}
        {counter ? <span className="field-counter">{`${counter.length}/${counter.max}`}</span> : null}
      </div>
    </div>
  );
}

/** aria attributes that tie a control to its FieldFrame error. */
export const errorAria = (id: string, error: string | null) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': describedBy(id, error),
});

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  hint?: ReactNode;
}

export function TextField({ name, label, hint, required, maxLength, ...rest }: TextFieldProps) {
  const [field] = useField(name);
  const error = useFieldError(name);
  // Unique on the page: several forms may have a field of the same name (the connections).
  const id = `field-${name}-${useId().replace(/:/g, '')}`;
  const length = typeof field.value === 'string' ? field.value.length : 0;
  return (
    <FieldFrame
      id={id}
      label={label}
      required={required}
      error={error}
      hint={hint}
      counter={maxLength ? { length, max: maxLength } : undefined}
    >
      <input
        id={id}
        {...field}
        value={field.value ?? ''}
        maxLength={maxLength}
        required={required}
        {...errorAria(id, error)}
        {...rest}
      />
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  name: string;
  label: string;
  rows?: number;
}

export function TextAreaField({ name, label, required, maxLength, rows = 4, ...rest }: TextAreaFieldProps) {
  const [field] = useField(name);
  const error = useFieldError(name);
  // Unique on the page: several forms may have a field of the same name (the connections).
  const id = `field-${name}-${useId().replace(/:/g, '')}`;
  const length = typeof field.value === 'string' ? field.value.length : 0;
  return (
    <FieldFrame
      id={id}
      label={label}
      required={required}
      error={error}
      counter={maxLength ? { length, max: maxLength } : undefined}
    >
      <textarea
        id={id}
        {...field}
        value={field.value ?? ''}
        rows={rows}
        maxLength={maxLength}
        required={required}
        {...errorAria(id, error)}
        {...rest}
      />
    </FieldFrame>
  );
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  placeholder: string;
}

export function SelectField({ name, label, options, placeholder, required, ...rest }: SelectFieldProps) {
  const [field] = useField(name);
  const error = useFieldError(name);
  // Unique on the page: several forms may have a field of the same name (the connections).
  const id = `field-${name}-${useId().replace(/:/g, '')}`;
  return (
    <div className={`field ${error ? 'field-invalid' : ''}`}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <select
        id={id}
        {...field}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        {...rest}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A checkbox; `optional` for a choice rather than an agreement (no asterisk). */
export function CheckboxField({
  name,
  children,
  optional = false,
}: {
  name: string;
  children: ReactNode;
  optional?: boolean;
}) {
  const [field] = useField({ name, type: 'checkbox' });
  const error = useFieldError(name);
  // Unique on the page: several forms may have a field of the same name (the connections).
  const id = `field-${name}-${useId().replace(/:/g, '')}`;
  return (
    <div className={`field field-checkbox ${error ? 'field-invalid' : ''}`}>
      <label>
        <input
          type="checkbox"
          id={id}
          {...field}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error)}
        />
        <span>
          {children}
          {optional ? null : (
            <span className="required" aria-hidden>
              {' '}
              *
            </span>
          )}
        </span>
      </label>
      <FieldError id={id} error={error} />
    </div>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="form-error" role="alert">
      {message}
    </div>
  );
}

/**
 * Formik's form, unchecked by the browser (the schema says what is wrong, in the page's language):
 * after a submit its rules refuse, the first problem comes into view with its control focused.
 */
export function CheckedForm({ children, ...props }: FormikFormProps & { children: ReactNode }) {
  const form = useRef<HTMLFormElement>(null);
  const { submitCount, isSubmitting, isValid } = useFormikContext();
  useEffect(() => {
    if (submitCount > 0 && !isSubmitting && !isValid) focusFirstError(form.current);
    // Once per submit, when it has settled: not again as the player types.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount, isSubmitting]);
  return (
    <Form ref={form} noValidate {...props}>
      {children}
    </Form>
  );
}
