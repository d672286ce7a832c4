/**
 * Brings a refused form's first problem into view and focuses its control: on a phone the error
 * can be a screen above the button, and nothing would seem to happen.
 */
export function focusFirstError(container: ParentNode | null | undefined): void {
  const error = container?.querySelector('.field-error');
  const field = error?.closest('.field, fieldset') ?? error;
  if (!field) return;
  field.scrollIntoView({ block: 'center' });
  field
    .querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea, button')
    ?.focus({ preventScroll: true });
}
