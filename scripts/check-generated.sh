#!/usr/bin/env bash
# Fails when src/api/generated (or src/api/operations.gen.ts) does not match a fresh generator run over openapi/service.yaml,
# so a contract change can never land without the types, client and schemas that follow from it.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r src/api/generated "$tmp/before"
cp src/api/operations.gen.ts "$tmp/operations.gen.ts"
npm run --silent generate >/dev/null 2>&1
if ! diff -r "$tmp/before" src/api/generated >/dev/null || ! diff "$tmp/operations.gen.ts" src/api/operations.gen.ts >/dev/null; then
  diff -r "$tmp/before" src/api/generated | head -40
  diff "$tmp/operations.gen.ts" src/api/operations.gen.ts | head -20
  rm -rf src/api/generated && cp -r "$tmp/before" src/api/generated
  cp "$tmp/operations.gen.ts" src/api/operations.gen.ts
  echo "src/api/generated is stale: run npm run generate and commit the result" >&2
  exit 1
fi
echo "generated code is fresh"
