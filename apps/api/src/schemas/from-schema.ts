import type { FastifyTypeProvider } from 'fastify';

// The api's type provider: a route's `body`, `querystring` and `params` types are read from the
// very JSON schemas Fastify validates them with, so a handler needs no `request.body as ...` cast
// and the type cannot drift from the check. It covers the schema shapes these routes use (object
// with properties, required, additionalProperties, enum, string, integer, number, boolean, array);
// anything else reads as `unknown`. Responses stay untyped (serializer: unknown): the serialiser
// only strips, and the exchange JSON types are interfaces, not index signatures.

type Required<S> = S extends { required: readonly (infer R)[] } ? R : never;
type Open<S> = S extends { additionalProperties: false } ? unknown : Record<string, unknown>;

/** One flat object type (editor hovers and type equality read it as written). */
type Flat<T> = { [K in keyof T]: T[K] } & {};

type ObjectOf<S, P> = Flat<
  { -readonly [K in keyof P as K extends Required<S> ? K : never]: FromSchema<P[K]> } & {
    -readonly [K in keyof P as K extends Required<S> ? never : K]?: FromSchema<P[K]>;
  } & Open<S>
>;

/** The TypeScript type of the values a JSON schema admits (for the shapes above). */
export type FromSchema<S> = S extends { enum: readonly (infer E)[] }
  ? E
  : S extends { type: 'string' }
    ? string
    : S extends { type: 'integer' | 'number' }
      ? number
      : S extends { type: 'boolean' }
        ? boolean
        : S extends { type: 'array'; items: infer I }
          ? FromSchema<I>[]
          : S extends { type: 'array' }
            ? unknown[]
            : S extends { type: 'object'; properties: infer P }
              ? ObjectOf<S, P>
              : S extends { type: 'object' }
                ? Record<string, unknown>
                : unknown;

/** `app.withTypeProvider<SchemaTypeProvider>()`: request types from the route's schemas. */
export interface SchemaTypeProvider extends FastifyTypeProvider {
  readonly validator: FromSchema<this['schema']>;
  readonly serializer: unknown;
}
