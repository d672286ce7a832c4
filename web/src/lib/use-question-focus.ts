import { useEffect, useRef } from 'react';

/**
 * The keyboard's place when a button gives way to a question ("Withdraw 1,100 coins? … Yes / Back")
 * and back: the pressed button is gone, so the focus would fall to the page's body and a keyboard
 * user would start again from the top. `asked` is what the question is about (the coins named, the
 * party), null or false while nothing is asked. Each time it changes to something asked, the focus
 * goes to the question (components/question.tsx); when it changes to nothing, to the button that
 * asks (`start`). Nothing moves on the first render, nor while it stays the same (typing another
 * amount hides a withdrawal's question without moving the focus from the field).
 */
export function useQuestionFocus(asked: string | number | boolean | null) {
  const question = useRef<HTMLDivElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const was = useRef(asked);
  useEffect(() => {
    if (was.current === asked) return;
    was.current = asked;
    (asked === null || asked === false ? start.current : question.current)?.focus();
  }, [asked]);
  return { question, start };
}
