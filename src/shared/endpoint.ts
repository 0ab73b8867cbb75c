import type { z } from 'zod';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint of the HTTP API, declared once (decision 112): the server validates what arrives with the
 * request schemas and must answer what `response` describes; the web client takes its types from here.
 * `params` are the `:name` segments of `path`, `query` the query string, `body` the JSON body.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
  /** A callable function of docs/product.md §7: the body travels as `{data}` and the answer as `{result}`. */
  readonly callable?: true;
}

export const endpoint = <const E extends Endpoint>(e: E): E => e;

/** A callable function (docs/product.md §7): POST /api/fn/{name}, its data validated by `request`, its result by `response`. */
export const callable = <const N extends string, Req extends z.ZodType, Res extends z.ZodType>(name: N, request: Req, response: Res) =>
  ({ method: 'POST', path: `/api/fn/${name}`, body: request, response, callable: true }) as const;

type Part<K extends 'params' | 'query' | 'body', E> = E extends { readonly [P in K]: infer S extends z.ZodType }
  ? object extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : unknown;
type Parsed<K extends 'params' | 'query' | 'body', E> = E extends { readonly [P in K]: infer S extends z.ZodType } ? { [P in K]: z.output<S> } : unknown;
type Flat<T> = { [K in keyof T]: T[K] } & {};

/** What a caller sends: the declared parts only, each as its schema accepts it. */
export type RequestOf<E extends Endpoint> = Flat<Part<'params', E> & Part<'query', E> & Part<'body', E>>;
/** What a handler receives: the declared parts, parsed. */
export type ParsedRequestOf<E extends Endpoint> = Flat<Parsed<'params', E> & Parsed<'query', E> & Parsed<'body', E>>;
/** What a caller reads. */
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;
/** What a handler may answer (before serialisation). */
export type ResultOf<E extends Endpoint> = z.input<E['response']>;

/** The endpoints of one domain's `…Endpoints` object, keyed as the web client names them: "GET /api/me". */
export type RoutesOf<T extends Record<string, Endpoint>> = { [K in keyof T as `${T[K]['method']} ${T[K]['path']}`]: T[K] };
