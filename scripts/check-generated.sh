#!/usr/bin/env bash
# Fails when src/api/generated does not match a fresh generator run over openapi/service.yaml,
# so a contract change can never land without the types, client and schemas that follow from it.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r src/api/generated "$tmp/before"
npx openapi-ts >/dev/null
if ! diff -r "$tmp/before" src/api/generated >/dev/null; then
  diff -r "$tmp/before" src/api/generated | head -40
  rm -rf src/api/generated && cp -r "$tmp/before" src/api/generated
  echo "src/api/generated is stale: run npm run generate and commit the result" >&2
  exit 1
fi
echo "generated code is fresh"
