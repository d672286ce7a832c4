/**
 * What a dimmed submit still needs, said once it is pressed (record 181: a walk pressed "Save the
 * winner" and nothing said why). Always in the page, empty until then, so a screen reader hears the
 * live line when it fills; the button names it in `aria-describedby`.
 */
export function MissingHint({ id, text, testId }: { id: string; text: string | null; testId?: string }) {
  return (
    <p id={id} className="muted small form-hint" role="status" data-testid={testId}>
      {text}
    </p>
  );
}
