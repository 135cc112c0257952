import { useSearchParams } from 'react-router';

/**
 * A list's filters in the address (so a shared link shows the same list): read one, set one
 * (a new filter goes back to the first page).
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const get = (name: string): string | undefined => params.get(name) || undefined;
  const set = (name: string, value: string | null | undefined, replace = false) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace },
    );
  return { page, get, set };
}
