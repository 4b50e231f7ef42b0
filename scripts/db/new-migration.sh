#!/usr/bin/env bash
# Writes the migrations for a change to prisma/schema.prisma, for both databases:
#   npm run db:migration -- <name>
# It diffs the committed schema (git HEAD) against the working copy, once as SQLite and once
# as the generated PostgreSQL schema, into folders of the same name. Review both, then commit.
set -euo pipefail
cd "$(dirname "$0")/../.."
name="${1:?usage: npm run db:migration -- <name>}"
[[ "$name" =~ ^[a-z0-9_]+$ ]] || { echo "name: lowercase letters, digits and _ only" >&2; exit 1; }
stamp="$(date -u +%Y%m%d%H%M%S)_${name}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p data # the CLI opens the SQLite file named by DATABASE_URL, even to diff two schemas

git show HEAD:prisma/schema.prisma > "$tmp/old.prisma"
node --input-type=module -e '
  import fs from "node:fs";
  import { toPostgresSchema } from "./scripts/db/postgres-schema.mjs";
  fs.writeFileSync(process.argv[1], toPostgresSchema(fs.readFileSync(process.argv[2], "utf8")));
' "$tmp/old-pg.prisma" "$tmp/old.prisma"
node scripts/db/postgres-schema.mjs

diff_into() { # from to folder
  mkdir -p "$3/$stamp"
  npx prisma migrate diff --from-schema-datamodel "$1" --to-schema-datamodel "$2" --script > "$3/$stamp/migration.sql"
  echo "wrote $3/$stamp/migration.sql"
}
diff_into "$tmp/old.prisma" prisma/schema.prisma prisma/migrations
diff_into "$tmp/old-pg.prisma" prisma/postgresql/schema.prisma prisma/postgresql/migrations
# Objects Prisma cannot declare (the SQLite search index): appended when the chain would lack them.
node scripts/db/append-sqlite-only.mjs "prisma/migrations/$stamp/migration.sql"
node scripts/db/generate.mjs
