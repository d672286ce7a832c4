import { useEffect, useRef } from 'react';

/**
 * The keyboard's place on a page whose step changes in place (checkout: the bundles, the payment,
 * its result): the button pressed is gone with its step, so the focus falls to the page's body and
 * a keyboard user would start again from the top. When `step` changes and the focus has fallen to
 * the body, it goes to the returned ref's element (the step's panel, `tabIndex={-1}`), read out as
 * it is focused. The first render moves nothing, nor a change while the focus is somewhere else (a
 * player reading the header, or the pointer's page: its focus stays where it was). `always` moves it
 * wherever the focus is: a step the player turned with buttons that stay (the wizard's Next, Back
 * and stepper, which would leave the keyboard below the new step's fields).
 */
export function useStepFocus<T extends HTMLElement>(step: unknown, always = false) {
  const target = useRef<T>(null);
  const was = useRef(step);
  useEffect(() => {
    if (Object.is(was.current, step)) return;
    was.current = step;
    const active = document.activeElement;
    if (always || active === null || active === document.body) target.current?.focus();
  }, [step, always]);
  return target;
}
