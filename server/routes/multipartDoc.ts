import type { SwaggerTransform } from '@fastify/swagger';

/** A part of a form: text capped in characters, or a file capped in bytes. */
export type FormPart = { text: number } | { file: number };

const PARTS = 'x-multipart-parts';

/**
 * Declares a route as reading a multipart form (through server/routes/multipartForm.ts): spread
 * into its schema, it gives the route a multipart/form-data request body in the OpenAPI document,
 * where clients read its parts and tests/api/malformedMultipart.test.ts finds every such route.
 * The body is read by the route, not validated by Fastify.
 */
export function multipartForm(parts: Record<string, FormPart>) {
  return { consumes: ['multipart/form-data'], [PARTS]: parts } as const;
}

/** The OpenAPI transform, with the declared parts of multipart routes as their request body. */
export function documentingMultipart(transform: SwaggerTransform): SwaggerTransform {
  return (document) => {
    const transformed = transform(document);
    const { [PARTS]: parts, ...schema } = transformed.schema as Record<string, unknown>;
    if (!parts) return transformed;
    const properties = Object.fromEntries(
      Object.entries(parts as Record<string, FormPart>).map(([name, part]) => [
        name,
        'file' in part
          ? { type: 'string', format: 'binary', maxLength: part.file }
          : { type: 'string', maxLength: part.text },
      ]),
    );
    return { ...transformed, schema: { ...schema, body: { type: 'object', properties } } };
  };
}
