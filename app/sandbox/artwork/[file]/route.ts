// GET /sandbox/artwork/<code>.svg — the sandbox upstream's generated brand artwork (off unless SANDBOX_ENABLED)
import { handleRoute } from "@/lib/http/route";
import { env } from "@/lib/env";
import { serveArtwork } from "@/lib/sandbox/artwork";

export const GET = handleRoute(async (_req, { params }: { params: Promise<{ file: string }> }) => {
  if (!env.SANDBOX_ENABLED) return new Response("Not found", { status: 404 });
  return serveArtwork((await params).file);
});
