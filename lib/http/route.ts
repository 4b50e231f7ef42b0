// The one wrapper for every route handler: whatever the handler throws becomes the JSON answer
// its error deserves (toResponse: zod → 422 with field errors, AppError → its status, anything
// else → 500 without internals), and a query holding a NUL byte is a 400 before it runs. A JSON handler also gets its body through the capped reader
// (lib/http/read-body.ts) and parsed by its schema before it runs.
import "server-only";
import { connection } from "next/server";
import type { z } from "zod";
import { ZodError } from "zod";
import { AppError, fieldErrorsOf } from "@/lib/errors";
import { log } from "@/lib/log";
import { queryHoldsNul } from "./malformed-path";
import { readJsonBody } from "./read-body";

export type RouteHandler<C> = (request: Request, context: C) => Promise<Response>;

/**
 * What a route module exports. A handler without route parameters (C = void) takes whatever
 * context Next passes (`{ params }`) and may be called with the request alone (tests, other routes).
 */
export type ExportedRoute<C> = [C] extends [void]
  ? (request: Request, context?: unknown) => Promise<Response>
  : RouteHandler<C>;

/** Converts any thrown value into a JSON Response: zod → 422, AppError → its status, else 500. */
export function toResponse(error: unknown): Response {
  if (error instanceof ZodError) {
    return Response.json({ ok: false, message: "Invalid input.", fieldErrors: fieldErrorsOf(error) }, { status: 422 });
  }
  if (error instanceof AppError) {
    return Response.json({ ok: false, code: error.code, message: error.userMessage }, { status: error.status });
  }
  log.error({ err: error }, "unhandled error");
  return Response.json({ ok: false, message: "Something went wrong." }, { status: 500 });
}

/** Wraps a handler so that no thrown error escapes as a bare 500 page. */
export function handleRoute<C = void>(handler: RouteHandler<C>): ExportedRoute<C> {
  const wrapped: RouteHandler<C> = async (request, context) => {
    // Every route answers the request it got: none is prerendered at build (the build has no
    // database), whether or not it reads the request (docs/storefront.md#the-rendering-model).
    await connection();
    try {
      // A query holding a NUL byte is malformed (lib/http/malformed-path.ts): the database would fail on it.
      if (queryHoldsNul(new URL(request.url).search))
        throw new AppError("bad_request", { userMessage: "The address is not valid." });
      return await handler(request, context);
    } catch (error) {
      return toResponse(error);
    }
  };
  return wrapped as ExportedRoute<C>;
}

/** A handler of a JSON body: 415/413/400 from the reader, 422 from the schema, then `handler`. */
export function handleJson<S extends z.ZodType, C = void>(
  schema: S,
  handler: (input: z.output<S>, request: Request, context: C) => Promise<Response>,
  opts: { limit?: number; optional?: boolean } = {},
): ExportedRoute<C> {
  return handleRoute<C>(async (request, context) => {
    const body = await readJsonBody(request, opts);
    if (!body.ok) return body.response;
    return handler(schema.parse(body.value), request, context);
  });
}
