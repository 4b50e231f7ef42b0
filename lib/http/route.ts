// The one wrapper for every route handler: whatever the handler throws becomes the JSON answer
// its error deserves (toResponse: zod → 422 with field errors, AppError → its status, anything
// else → 500 without internals). A JSON handler also gets its body through the capped reader
// (lib/http/read-body.ts) and parsed by its schema before it runs.
import "server-only";
import type { z } from "zod";
import { toResponse } from "@/lib/errors";
import { readJsonBody } from "./read-body";

export type RouteHandler<C> = (request: Request, context: C) => Promise<Response>;
/** What Next passes a route without dynamic segments; tests may call the handler without it. */
type StaticRouteContext = { params: Promise<unknown> } | void;

/** Wraps a handler so that no thrown error escapes as a bare 500 page. */
export function handleRoute<C = StaticRouteContext>(handler: RouteHandler<C>): RouteHandler<C> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      return toResponse(error);
    }
  };
}

/** A handler of a JSON body: 415/413/400 from the reader, 422 from the schema, then `handler`. */
export function handleJson<S extends z.ZodType, C = StaticRouteContext>(
  schema: S,
  handler: (input: z.output<S>, request: Request, context: C) => Promise<Response>,
  opts: { limit?: number; optional?: boolean } = {},
): RouteHandler<C> {
  return handleRoute(async (request, context) => {
    const body = await readJsonBody(request, opts);
    if (!body.ok) return body.response;
    return handler(schema.parse(body.value), request, context);
  });
}
