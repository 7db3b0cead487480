// A value once it has stood still for a moment: what a query is keyed on while typing goes on.
import { useEffect, useState } from 'react';

export function useRested<T>(value: T, ms: number): T {
  const [rested, setRested] = useState(value);
  // Only a timer: the query keyed on the rested value does the asking.
  useEffect(() => {
    const timer = setTimeout(() => setRested(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return rested;
}
