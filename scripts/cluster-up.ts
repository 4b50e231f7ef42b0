// `npm run cluster`: the compose topology on this machine, without containers: PostgreSQL
// (Debian's package, scripts/postgres-up.sh, or CLUSTER_DATABASE_URL), the standalone build
// (built first when missing, or with --build), the sandbox upstream, two replicas and nginx
// from Debian's package in front. Prints the URL; Ctrl-C stops everything.
// docs/deployment.md#without-containers
import { execFileSync, execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { z } from "zod";
import { migrateDeploy } from "./cluster";
import { freshSecrets, startStack, type StackSecrets } from "./cluster-stack";
import { findNginx } from "./cluster-nginx";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const options = z
  .object({
    CLUSTER_PORT: z.coerce.number().int().min(1).max(65_530).default(8080),
    CLUSTER_DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//)
      .optional(),
    NEXT_DIST_DIR: z.string().min(1).default(".next"),
  })
  .parse(process.env);
const dataDir = "data/cluster";
const distDir = options.NEXT_DIST_DIR;

/** One set of secrets per machine, kept with the cluster's data (like `npm run setup`'s .env). */
function loadSecrets(): StackSecrets {
  const file = path.join(dataDir, "secrets.json");
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, JSON.stringify(freshSecrets()), { mode: 0o600 });
  return JSON.parse(fs.readFileSync(file, "utf8")) as StackSecrets;
}

/** CLUSTER_DATABASE_URL, or a `shop_cluster` database on the local server (made ready, then created if missing). */
async function databaseUrl(): Promise<string> {
  if (options.CLUSTER_DATABASE_URL) return options.CLUSTER_DATABASE_URL;
  execFileSync("bash", ["scripts/postgres-up.sh"], { stdio: "inherit" });
  const admin = new pg.Client({ connectionString: "postgresql://shop:shop@localhost:5432/shop" });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'shop_cluster'");
    if (!rowCount) await admin.query('CREATE DATABASE "shop_cluster"');
  } finally {
    await admin.end();
  }
  return "postgresql://shop:shop@localhost:5432/shop_cluster";
}

if (!findNginx()) {
  console.error("nginx is not installed (Debian: apt-get install nginx).");
  process.exit(1);
}
const secrets = loadSecrets();
const url = await databaseUrl();
if (process.argv.includes("--build") || !fs.existsSync(path.join(distDir, "standalone", "server.js"))) {
  console.log(`Building the standalone server into ${distDir}/ …`);
  // Pages prerendered at build read the cluster's (migrated) database, as they would at run time.
  migrateDeploy(url);
  execSync("npx next build", {
    stdio: "inherit",
    env: { ...process.env, ...secrets, NODE_ENV: "production", NEXT_DIST_DIR: distDir, DATABASE_URL: url },
  });
}

const port = options.CLUSTER_PORT;
console.log("Starting the sandbox, two replicas and nginx …");
const stack = await startStack({
  databaseUrl: url,
  distDir,
  ports: { proxy: port, replicas: [port + 1, port + 2], sandbox: port + 3 },
  dir: dataDir,
  secrets,
  log: true,
});
// The first owner, as `npm run setup` makes one: only while the database has none (password shown once).
execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/create-owner.ts", "--first"], {
  env: stack.env,
  stdio: "inherit",
});
console.log(
  [
    "",
    `The shop: ${stack.url}  (replicas ${stack.replicas.map((r) => r.url).join(", ")}; sandbox ${stack.sandbox.url})`,
    `nginx's access log, with the replica that answered each request: ${path.relative(root, stack.nginx.accessLog)}`,
    "Ctrl-C stops everything.",
  ].join("\n"),
);

let stopping = false;
const shutdown = () => {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping …");
  void stack.stop().then(() => process.exit(0));
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
for (const proc of [stack.sandbox, ...stack.replicas, stack.nginx])
  proc.child.on("exit", (code) => {
    if (stopping) return;
    console.error(`${proc.name} exited (${code}); stopping the rest.`);
    shutdown();
  });
