import { useEffect, useRef } from 'react';

/**
 * The keyboard's place when a button gives way to a question ("Withdraw 1,100 coins? … Yes / Back")
 * and back: the pressed button is gone, so the focus would fall to the page's body and a keyboard
 * user would start again from the top. When `open` turns true the focus goes to the question (give
 * it tabIndex={-1}: its text is read, and a second Enter does not answer it); when it turns false,
 * to the button that asks (`start`). Nothing moves on the first render.
 */
export function useQuestionFocus<Question extends HTMLElement = HTMLDivElement>(open: boolean) {
  const question = useRef<Question>(null);
  const start = useRef<HTMLButtonElement>(null);
  const was = useRef(open);
  useEffect(() => {
    if (was.current === open) return;
    was.current = open;
    (open ? question.current : start.current)?.focus();
  }, [open]);
  return { question, start };
}
