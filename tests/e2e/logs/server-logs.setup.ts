// Opens the end-to-end run for the log check: the server this run started keeps its log in
// data/e2e/server.log, and server-logs.check.ts, the teardown of this project, reads it once
// every other spec has finished, whether they passed or not.
import fs from "node:fs";
import { expect, test } from "@playwright/test";

test("the server started for this run keeps its log for the check after the run", () => {
  test.skip(Boolean(process.env.E2E_BASE_URL), "the server was not started by this run");
  expect(fs.existsSync("data/e2e/server.log")).toBe(true);
});
