// The upstream connection test on the settings page: one GET / through the shared client
// (so it respects the budget) and the api_version it reports.
import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import { getUpstream } from "@/lib/upstream";
import { env } from "@/lib/env";
import type { ActionState } from "@/lib/errors";
import { runStaffAction } from "@/lib/admin/catalog/run-action";

export const connectionTestSchema = z.object({}).strict();

/** Calls GET / and reports the api_version, or the error class and message (never the key). */
export async function testUpstreamConnection(input: unknown = {}): Promise<ActionState> {
  return runStaffAction("sync.run", connectionTestSchema, input, async (actor) => {
    const started = Date.now();
    let result: { ok: boolean; apiVersion?: string; error?: string };
    try {
      const info = await getUpstream().info();
      result = { ok: true, apiVersion: info.apiVersion };
    } catch (error) {
      result = {
        ok: false,
        error: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : "unknown error",
      };
    }
    const ms = Date.now() - started;
    await recordAudit({
      actor,
      action: "upstream.connection_test",
      targetType: "upstream",
      targetId: env.UPSTREAM_BASE_URL,
      after: { ...result, ms },
    });
    return result.ok
      ? {
          ok: true,
          message: `Connected to ${env.UPSTREAM_BASE_URL} in ${ms} ms: api_version ${result.apiVersion}.`,
          data: { apiVersion: result.apiVersion },
        }
      : { ok: false, message: `Could not reach the upstream: ${result.error}` };
  });
}
