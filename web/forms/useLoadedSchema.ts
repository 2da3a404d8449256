import { useEffect, useState } from 'react';
import type { z } from 'zod';

/**
 * A form's schema loaded once the page has drawn, so that zod (some 25 KB of gzip) is not on the
 * page's critical path: null until it is (useZodForm then holds a submit until it comes). `load`
 * is a module-level function (a dynamic import). A failed load is thrown into the route's error
 * boundary, as a route's own chunk failing to load is.
 */
export function useLoadedSchema(load: () => Promise<z.ZodType>): z.ZodType | null {
  const [schema, setSchema] = useState<z.ZodType | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (loaded) => live && setSchema(() => loaded),
      (error: unknown) =>
        live &&
        setSchema(() => {
          throw error;
        }),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return schema;
}
