// The server's price quote for what the page shows (POST /api/checkout/quote): the cart and the
// checkout pages show it as it comes and never add up totals themselves. Asked again whenever
// its input changes; an answer to an older input is dropped.
import { useEffect, useRef, useState } from 'react';
import { shopApi, QuoteInput } from '../api/shop';
import { ApiError } from '../api/client';
import type { ApiQuote } from '@domain/api';

export interface QuoteState {
  quote: ApiQuote | null;
  /** The refusal when no quote can be made (e.g. a product is no longer sold). */
  error: string;
  loading: boolean;
  /** Show a quote the server sent with a refusal (409: the total changed). */
  replace(quote: ApiQuote): void;
}

export function useQuote(input: QuoteInput | null): QuoteState {
  const [quote, setQuote] = useState<ApiQuote | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  const key = input ? JSON.stringify(input) : '';
  const latest = useRef(0);

  useEffect(() => {
    if (!input) {
      setQuote(null);
      return;
    }
    const n = ++latest.current;
    const controller = new AbortController();
    setLoading(true);
    shopApi.quote(input, controller.signal).then(
      (q) => {
        if (n !== latest.current) return;
        setQuote(q);
        setError('');
        setLoading(false);
      },
      (err) => {
        if (n !== latest.current || (err as Error).name === 'AbortError') return;
        setQuote(null);
        setError(err instanceof ApiError ? err.message : 'Сумата не може да бъде изчислена. Опитайте отново.');
        setLoading(false);
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return { quote, error, loading, replace: setQuote };
}
