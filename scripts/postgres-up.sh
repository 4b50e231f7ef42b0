#!/usr/bin/env bash
# A local PostgreSQL for the test suite and the benchmark: installs Debian's `postgresql`
# package when it is missing (as root), starts the cluster, and creates the `shop` role
# (password `shop`, may create databases) and its `shop` database. Safe to run again.
set -euo pipefail

if ! command -v pg_lsclusters >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  else
    echo "PostgreSQL is not installed. Install it (Debian: apt-get install postgresql), or set TEST_POSTGRES_URL to a server where the role may CREATE DATABASE." >&2
    exit 1
  fi
fi

pg_lsclusters --no-header | while read -r version cluster _port status _rest; do
  [ "$status" = "online" ] || pg_ctlcluster "$version" "$cluster" start
done
pg_isready -q -t 30

as_postgres() {
  if [ "$(id -u)" = 0 ]; then su postgres -c "psql -v ON_ERROR_STOP=1 -qtAc \"$1\""; else sudo -u postgres psql -v ON_ERROR_STOP=1 -qtAc "$1"; fi
}
[ "$(as_postgres "SELECT 1 FROM pg_roles WHERE rolname = 'shop'")" = "1" ] || as_postgres "CREATE ROLE shop LOGIN CREATEDB PASSWORD 'shop'"
[ "$(as_postgres "SELECT 1 FROM pg_database WHERE datname = 'shop'")" = "1" ] || as_postgres "CREATE DATABASE shop OWNER shop"
echo "PostgreSQL ready: postgresql://shop:shop@localhost:5432/shop"
