import { RefObject, useEffect, useLayoutEffect, useState } from 'react';

/**
 * False in the server's HTML and while the browser hydrates it; true once the app runs here. A
 * rendered page is shown before its code has loaded (the code is asked for after the first paint):
 * buttons whose work needs the app stay disabled until then, so no tap is lost.
 */
export function useAppRunning(): boolean {
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  return running;
}

/**
 * What a visitor typed or chose in a rendered page's form before the app ran: hydration keeps it
 * on the screen but not in state (React does not read input made before it runs), and the first
 * re-render would put the state's empty values back. `takeOver` is called once as the app starts,
 * with the form's controls, to copy them into state. (On a page the browser rendered itself the
 * controls show the state already, and taking them over changes nothing.)
 */
export function useInputBeforeApp(form: RefObject<HTMLFormElement | null>, takeOver: (controls: HTMLFormControlsCollection) => void) {
  // In the commit that hydrates the form: no tap can come between hydration and the take-over.
  useLayoutEffect(() => {
    if (form.current) takeOver(form.current.elements);
    // Once, as the app starts: afterwards the state leads the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** A named control's value in a form's controls (a radio group's checked value), if it is there. */
export function controlValue(controls: HTMLFormControlsCollection, name: string): string | undefined {
  const control = controls.namedItem(name) as HTMLInputElement | RadioNodeList | null;
  if (!control) return undefined;
  // A lone radio or checkbox: its value counts only when it is checked.
  if ('checked' in control && (control.type === 'radio' || control.type === 'checkbox') && !control.checked) return undefined;
  return control.value;
}
