import { useSearchParams } from 'react-router';

/**
 * A page's tab kept in the URL (`?tab=`), so a reload or the back button opens the same tab. An
 * unknown value reads as the default, and choosing the default leaves the URL bare. Switching tabs
 * replaces the history entry: back leaves the page rather than stepping through its tabs.
 */
export function useTabParam<T extends string>(tabs: readonly T[], fallback: T): [T, (key: string) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab = tabs.find((value) => value === raw) ?? fallback;
  const select = (key: string) => setParams(key === fallback ? {} : { tab: key }, { replace: true });
  return [tab, select];
}
