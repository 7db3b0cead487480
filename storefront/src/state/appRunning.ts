import { useEffect, useState } from 'react';

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
