import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Crumb } from './crumbs';

interface BreadcrumbsState {
  crumbs: Crumb[];
  setCrumbs: (crumbs: Crumb[]) => void;
}

const BreadcrumbsContext = createContext<BreadcrumbsState>({ crumbs: [], setCrumbs: () => {} });

/** Holds the trail the current page declared, for the top bar to show. */
export function BreadcrumbsProvider({ children }: { children: ReactNode }) {
  const [crumbs, setCrumbs] = useState<Crumb[]>([]);
  return <BreadcrumbsContext.Provider value={{ crumbs, setCrumbs }}>{children}</BreadcrumbsContext.Provider>;
}

export function useBreadcrumbTrail(): Crumb[] {
  return useContext(BreadcrumbsContext).crumbs;
}

/** A page declares its trail; it is cleared when the page goes away. */
export function usePageBreadcrumbs(crumbs: Crumb[]): void {
  const { setCrumbs } = useContext(BreadcrumbsContext);
  const key = JSON.stringify(crumbs);
  useEffect(() => {
    setCrumbs(JSON.parse(key) as Crumb[]);
    return () => setCrumbs([]);
  }, [key, setCrumbs]);
}
