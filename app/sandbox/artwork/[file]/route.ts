// GET /sandbox/artwork/<code>.svg — the sandbox upstream's generated brand artwork (off unless SANDBOX_ENABLED)
import { env } from "@/lib/env";
import { serveArtwork } from "@/lib/sandbox/artwork";

export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  if (!env.SANDBOX_ENABLED) return new Response("Not found", { status: 404 });
  return serveArtwork((await params).file);
}
