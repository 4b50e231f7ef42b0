#!/usr/bin/env bash
# Regenerates the initial migration from the whole schema (only while nothing has been released).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=prisma/migrations/20261125000000_init
mkdir -p "$dir"
npx prisma migrate diff --from-empty --to-schema-datamodel prisma/schema.prisma --script > "$dir/migration.sql"
printf 'provider = "sqlite"\n' > prisma/migrations/migration_lock.toml
npx prisma generate >/dev/null
echo "wrote $dir/migration.sql"
