import { useMemo, useRef } from 'react';
import type { FormikErrors, FormikHelpers } from 'formik';

type Helpers = Pick<FormikHelpers<object>, 'setFieldError'>;

/**
 * A value the server refused (a wrong current password, an address in use, a Riot ID it does not
 * know) stays refused while its field keeps it. An error set by `setFieldError` alone was wiped by
 * Formik's next validation: the blur that focusing the first error makes, after Enter in another
 * field, left "Current password" marked with nothing said (walk AC). Give `validate` to Formik beside
 * its schema (Formik merges both); typing another value clears the refusal, and `clear` all of them
 * once the form succeeds. Refuse only what is wrong with the value, not a refusal of the moment (too
 * many tries, no network), which a retry of the same value may pass.
 */
export function useRefusals<Values extends object>() {
  const refused = useRef(new Map<string, { value: unknown; message: string }>());
  return useMemo(() => {
    const refuse = (helpers: Helpers, name: string, value: unknown, message: string) => {
      refused.current.set(name, { value, message });
      helpers.setFieldError(name, message);
    };
    return {
      refuse,
      /**
       * The API's refusals by field (`fields` of its error): each the form has stays refused; the
       * answer is false when one is not the form's (the server's `_`), for the form's own line.
       */
      refuseFields(helpers: Helpers, fields: Record<string, string>, values: object): boolean {
        let all = true;
        for (const [name, message] of Object.entries(fields))
          if (name in values) refuse(helpers, name, (values as Record<string, unknown>)[name], message);
          else all = false;
        return all;
      },
      /** After a success: what the server refused then may be right now (a freed name, a new password). */
      clear() {
        refused.current.clear();
      },
      validate(values: Values): FormikErrors<Values> {
        const errors: Record<string, string> = {};
        for (const [name, { value, message }] of refused.current)
          if ((values as Record<string, unknown>)[name] === value) errors[name] = message;
        return errors as FormikErrors<Values>;
      },
    };
  }, []);
}
