// The nginx template's variables are filled the way the nginx image fills them: only ${NAME}s,
// never nginx's own $variables, and a variable left without a value stops the start.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { mainConfig, nginxTemplate, renderTemplate, type NginxVars } from "../../scripts/cluster-nginx";

const vars: NginxVars = {
  SHOP_UPSTREAM_1: "127.0.0.1:4001",
  SHOP_UPSTREAM_2: "127.0.0.1:4002",
  NGINX_PORT: "127.0.0.1:4000",
  NGINX_CACHE_DIR: "/srv/cache",
  NGINX_ACCESS_LOG: "/srv/access.log",
};

describe("the nginx template", () => {
  it("fills every ${NAME} the shop's template uses and leaves nginx's $variables alone", () => {
    const conf = renderTemplate(fs.readFileSync(nginxTemplate, "utf8"), vars);
    expect(conf).not.toMatch(/\$\{[A-Z]/);
    expect(conf).toContain("server 127.0.0.1:4001 max_fails=3 fail_timeout=10s;");
    expect(conf).toContain("listen 127.0.0.1:4000;");
    expect(conf).toContain("proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;");
  });

  it("refuses to render a template variable it has no value for, naming it", () => {
    expect(() => renderTemplate("listen ${NGINX_PORT}; root ${SITE_ROOT};", { NGINX_PORT: "80" })).toThrow(
      "${SITE_ROOT}",
    );
  });

  it("wraps the shop's file in a main file that keeps pid, logs and temp files in the run's folder", () => {
    const main = mainConfig("/run/x", "/run/x/shop.conf");
    expect(main).toContain("pid /run/x/nginx.pid;");
    expect(main).toContain("proxy_temp_path /run/x/tmp/proxy;");
    expect(main).toMatch(/http \{[\s\S]*include \/run\/x\/shop\.conf;[\s\S]*\}/);
  });
});
