import { useCallback, useEffect, useRef, useState } from 'react';

type ActionCallbacks<TData> = {
  onSuccess?: (data: TData) => void;
  onError?: (error: unknown) => void;
};

export type Action<TInput, TData> = {
  /** Runs the call; the callbacks are skipped when the component is gone by the time it answers. */
  mutate: (input: TInput, callbacks?: ActionCallbacks<TData>) => void;
  /** Runs the call and hands back its promise. */
  mutateAsync: (input: TInput) => Promise<TData>;
  isPending: boolean;
};

/**
 * A server call a screen starts (sign in, send a code, …) with its pending
 * state: the account screens' small stand-in for a query library's mutations.
 * `onSuccess` given here runs for every success, mounted or not (e.g. storing
 * the session).
 */
export function useAction<TInput, TData>(run: (input: TInput) => Promise<TData>, options: { onSuccess?: (data: TData) => void } = {}): Action<TInput, TData> {
  const [pending, setPending] = useState(0);
  const mounted = useRef(false);
  const latest = useRef({ run, onSuccess: options.onSuccess });
  latest.current = { run, onSuccess: options.onSuccess };

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutateAsync = useCallback(async (input: TInput) => {
    const { run: call, onSuccess } = latest.current;
    setPending((n) => n + 1);
    try {
      const data = await call(input);
      onSuccess?.(data);
      return data;
    } finally {
      setPending((n) => n - 1);
    }
  }, []);

  const mutate = useCallback(
    (input: TInput, callbacks: ActionCallbacks<TData> = {}) => {
      mutateAsync(input).then(
        (data) => {
          if (mounted.current) callbacks.onSuccess?.(data);
        },
        (error: unknown) => {
          if (mounted.current) callbacks.onError?.(error);
        },
      );
    },
    [mutateAsync],
  );

  return { mutate, mutateAsync, isPending: pending > 0 };
}
