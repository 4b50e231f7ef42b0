// GET /sandbox/v1 — the sandbox upstream's API info (off unless SANDBOX_ENABLED)
import { connection } from "next/server";
import { serveSandboxV1 } from "@/lib/sandbox/next-route";

// Answered per request (it may be off, and its state is the running sandbox's), never at build.
export const GET = async (request: Request) => {
  await connection();
  return serveSandboxV1(request);
};
