// nginx from the distribution's package in front of shop instances on this machine, with the
// same configuration file compose uses (deploy/nginx/shop.conf.template). The template's
// ${...} variables are filled here as the nginx image fills them from its environment; a small
// main file around it holds what the image's own nginx.conf holds (pid, logs, temp folders).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { launch, waitFor, type Proc } from "./cluster";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const nginxTemplate = path.join(root, "deploy", "nginx", "shop.conf.template");

/** The variables deploy/nginx/shop.conf.template expects. */
export type NginxVars = {
  SHOP_UPSTREAM_1: string;
  SHOP_UPSTREAM_2: string;
  NGINX_PORT: string;
  NGINX_CACHE_DIR: string;
  NGINX_ACCESS_LOG: string;
};

/** Fills ${NAME} from `vars`; nginx's own $variables are left alone; a missing one throws. */
export function renderTemplate(template: string, vars: Record<string, string>): string {
  return template.replace(/\$\{([A-Z0-9_]+)\}/g, (_m, name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`nginx template: no value for \${${name}}`);
    return value;
  });
}

/** The main configuration around the shop's file, for an nginx run from `dir` as a plain process. */
export function mainConfig(dir: string, shopConf: string): string {
  const tmp = (what: string) => `${what}_temp_path ${path.join(dir, "tmp", what)};`;
  return [
    "worker_processes 1;",
    `pid ${path.join(dir, "nginx.pid")};`,
    `error_log ${path.join(dir, "error.log")} warn;`,
    "events { worker_connections 1024; }",
    "http {",
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((w) => `  ${tmp(w)}`),
    `  include ${shopConf};`,
    "}",
    "",
  ].join("\n");
}

/** Where Debian's package puts nginx, or null when it is not installed. */
export function findNginx(): string | null {
  for (const candidate of [process.env.NGINX_PATH, "/usr/sbin/nginx", "/usr/local/sbin/nginx"])
    if (candidate && fs.existsSync(candidate)) return candidate;
  return null;
}

/**
 * Writes the configuration under `dir` (fresh cache, access log at dir/access.log), checks it
 * with `nginx -t`, starts nginx in the foreground of its own process group and waits until it
 * answers `GET /api/health` through a replica.
 */
export async function startNginx(opts: {
  port: number;
  upstreams: [string, string];
  dir: string;
  log?: boolean;
}): Promise<Proc & { accessLog: string }> {
  const nginx = findNginx();
  if (!nginx) throw new Error("nginx is not installed (Debian: apt-get install nginx)");
  const dir = path.resolve(opts.dir);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, "tmp"), { recursive: true });
  const accessLog = path.join(dir, "access.log");
  const shopConf = path.join(dir, "shop.conf");
  const vars: NginxVars = {
    SHOP_UPSTREAM_1: opts.upstreams[0],
    SHOP_UPSTREAM_2: opts.upstreams[1],
    NGINX_PORT: `127.0.0.1:${opts.port}`,
    NGINX_CACHE_DIR: path.join(dir, "cache"),
    NGINX_ACCESS_LOG: accessLog,
  };
  fs.writeFileSync(shopConf, renderTemplate(fs.readFileSync(nginxTemplate, "utf8"), vars));
  const main = path.join(dir, "nginx.conf");
  fs.writeFileSync(main, mainConfig(dir, shopConf));
  const args = ["-p", dir, "-c", main, "-e", path.join(dir, "error.log")];
  execFileSync(nginx, [...args, "-t", "-q"], { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${opts.port}`;
  const proc = launch("nginx", url, [...args, "-g", "daemon off;"], process.env, opts.log ?? false, nginx);
  await waitFor(proc, async () => (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok, 30_000);
  return Object.assign(proc, { accessLog });
}

/** One access-log line: the request line, its status, which replica answered, the cache's verdict. */
export type AccessLogLine = { request: string; status: number; upstream: string; cache: string };

export function readAccessLog(file: string): AccessLogLine[] {
  const pattern = /"([^"]*)" (\d{3}) \d+ upstream=(\S+) cache=(\S+)/;
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .flatMap((line) => {
      const m = pattern.exec(line);
      return m ? [{ request: m[1]!, status: Number(m[2]), upstream: m[3]!, cache: m[4]! }] : [];
    });
}
