#!/usr/bin/env bash
# Recaptures the Linux golden inputs of the language package manager
# parsers (npm-ls, npm-list, pnpm-list, yarn-list, cargo-tree) from real
# commands on this machine. It writes testdata/linux/<parser>/<case>.txt
# byte-exact and, for a new case, a <case>.json skeleton with its args;
# then run
#   go test -run Golden -update
# to fill in "expected".
#
# Needs: node and npm (npm install -g pnpm@9 yarn@1 for the others: the
# npm registry must be reachable), cargo (no registry: path crates and a
# vendored directory source stand in for crates.io). The projects are
# built in a fixed directory so that the paths in the output do not change
# between captures. The locale is the one Parism runs commands under
# (C.UTF-8), in which npm draws its tree with box characters.
set -euo pipefail
export LC_ALL=C.UTF-8 LANG=C.UTF-8 TZ=UTC NO_COLOR=1 FORCE_COLOR=0 npm_config_fund=false npm_config_audit=false
here=$(cd "$(dirname "$0")" && pwd)
. "$here/golden_dir.sh"
out=$here/linux
work=/tmp/parism-langpkg
rm -rf "$work" && mkdir -p "$work"
trap 'rm -rf "$work"' EXIT

# case_ <parser> <name> <cmd> [args...]: run cmd args in the current
# directory, write stdout, and a json skeleton whose args are the args.
case_() {
	local parser=$1 name=$2 cmd=$3
	shift 3
	mkdir -p "$(golden_dir "$parser")"
	"$cmd" "$@" >"$(golden_dir "$parser")/$name.txt" 2>/dev/null || true
	if [[ ! -f $(golden_dir "$parser")/$name.json ]]; then
		local a="" sep=""
		for x in "$@"; do a+="$sep$(printf '%s' "$x" | python3 -c 'import json,sys;print(json.dumps(sys.stdin.read()))')"; sep=", "; done
		printf '{\n  "args": [%s],\n  "now": "2026-11-29T12:00:00Z",\n  "location": "UTC",\n  "expected": null\n}\n' "$a" >"$(golden_dir "$parser")/$name.json"
	fi
}

# ---------------------------------------------------------------- npm
# rich: scoped package, nested and deduped dependencies, a dev dependency,
# a local file: dependency (a link).
mkdir -p "$work/rich/local-lib" && cd "$work/rich"
echo '{ "name": "local-lib", "version": "0.2.0", "dependencies": { "is-number": "^7.0.0" } }' >local-lib/package.json
echo '{ "name": "rich-app", "version": "2.3.4", "private": true }' >package.json
npm install --silent is-even@1.0.0 is-odd@3.0.1 kind-of@3.2.2 @sindresorhus/is@4.6.0 ./local-lib
npm install --silent --save-dev is-buffer@1.1.6
case_ npm-ls plain npm ls
case_ npm-ls all npm ls --all
case_ npm-ls depth1 npm ls --depth=1
case_ npm-ls omit_dev npm ls --omit=dev --all
case_ npm-ls filter npm ls is-number
case_ npm-ls filter_none npm ls no-such-package
case_ npm-list depth0 npm list --depth=0

# broken: package.json edited after the install, so that npm reports an
# extraneous, an invalid and a missing (UNMET) dependency.
cp -r "$work/rich" "$work/broken" && cd "$work/broken"
python3 - <<'PY'
import json
p = json.load(open('package.json'))
p['name'] = 'broken-app'
del p['dependencies']['@sindresorhus/is']
p['dependencies']['is-odd'] = '^4.0.0'
p['dependencies']['left-pad'] = '^1.3.0'
json.dump(p, open('package.json', 'w'), indent=2)
PY
case_ npm-ls problems npm ls --all
case_ npm-ls problems_ascii npm ls --all --unicode=false

# ws: workspaces (links, a deduped link), an alias, an override and a
# missing optional dependency.
mkdir -p "$work/ws/packages/pkg-a" "$work/ws/packages/pkg-b" && cd "$work/ws"
cat >package.json <<'JSON'
{
  "name": "@acme/monorepo",
  "version": "0.0.0-dev",
  "private": true,
  "workspaces": ["packages/*"],
  "dependencies": { "my-number": "npm:is-number@7.0.0", "is-odd": "3.0.1" },
  "optionalDependencies": { "is-even": "^1.0.0" },
  "overrides": { "is-number@6": "7.0.0" }
}
JSON
echo '{ "name": "@acme/pkg-a", "version": "1.4.0", "dependencies": { "@acme/pkg-b": "^2.0.0", "kind-of": "^6.0.3" } }' >packages/pkg-a/package.json
echo '{ "name": "@acme/pkg-b", "version": "2.0.1" }' >packages/pkg-b/package.json
npm install --silent --omit=optional
case_ npm-ls workspace npm ls --all
case_ npm-ls workspace_filter npm ls -w @acme/pkg-a --all

mkdir -p "$work/empty" && cd "$work/empty"
case_ npm-ls empty npm ls

# ---------------------------------------------------------------- pnpm
mkdir -p "$work/pn" && cd "$work/pn"
cat >package.json <<'JSON'
{
  "name": "pnpm-demo",
  "version": "1.2.0",
  "private": true,
  "dependencies": { "is-even": "1.0.0", "is-odd": "3.0.1", "@sindresorhus/is": "4.6.0" },
  "devDependencies": { "kind-of": "3.2.2" },
  "optionalDependencies": { "is-buffer": "1.1.6" }
}
JSON
pnpm install --silent
case_ pnpm-list plain pnpm list
case_ pnpm-list infinity pnpm list --depth=Infinity
case_ pnpm-list depth1 pnpm ls --depth 1
case_ pnpm-list prod pnpm list --prod
case_ pnpm-list dev pnpm list --dev

mkdir -p "$work/pnw/packages/web" "$work/pnw/packages/utils" && cd "$work/pnw"
cat >package.json <<'JSON'
{
  "name": "pnpm-workspace-root",
  "version": "0.1.0",
  "private": true,
  "dependencies": { "left-pad": "1.3.0", "isarray": "2.0.5", "ms": "2.1.3", "once": "1.4.0", "inherits": "2.0.4", "safe-buffer": "5.2.1", "escape-string-regexp": "4.0.0", "has-flag": "4.0.0", "color-name": "1.1.4", "is-windows": "1.0.2", "path-is-absolute": "1.0.1", "@sindresorhus/is": "4.6.0" }
}
JSON
printf 'packages:\n  - "packages/*"\n' >pnpm-workspace.yaml
echo '{ "name": "@acme/web", "version": "3.0.0", "dependencies": { "@acme/utils": "workspace:*", "is-odd": "3.0.1" }, "devDependencies": { "kind-of": "6.0.3" } }' >packages/web/package.json
echo '{ "name": "@acme/utils", "version": "1.0.0", "dependencies": { "is-number": "7.0.0" } }' >packages/utils/package.json
pnpm install --silent
case_ pnpm-list recursive pnpm -r list --depth=2
case_ pnpm-list projects_only pnpm -r list --depth=-1

mkdir -p "$work/pnpeer" && cd "$work/pnpeer"
echo '{ "name": "peer-demo", "version": "0.3.0", "dependencies": { "react": "18.3.1", "use-sync-external-store": "1.2.0", "local-lib": "link:../rich/local-lib" } }' >package.json
pnpm install --silent
case_ pnpm-list peer pnpm list --depth=Infinity

mkdir -p "$work/pnempty" && cd "$work/pnempty"
echo '{ "name": "lonely", "version": "0.0.1" }' >package.json
case_ pnpm-list empty pnpm list

# ---------------------------------------------------------------- yarn (classic)
mkdir -p "$work/yn" && cd "$work/yn"
echo '{ "name": "yarn-demo", "version": "1.0.0", "private": true, "dependencies": { "is-even": "1.0.0", "is-odd": "3.0.1", "@sindresorhus/is": "4.6.0", "kind-of": "3.2.2" } }' >package.json
yarn install --silent --non-interactive
case_ yarn-list plain yarn list
case_ yarn-list depth0 yarn list --depth=0
case_ yarn-list pattern yarn list --pattern is-number
case_ yarn-list silent yarn list --silent

# ---------------------------------------------------------------- cargo
# A workspace of path crates: a proc-macro, a build dependency, dev
# dependencies, features, a cycle through a dev dependency, and two crates
# from a vendored directory source standing in for crates.io.
mkdir -p "$work/cw" && cd "$work/cw"
mkdir -p .cargo vendor/tinyrand/src vendor/itoa-lite/src
for c in app core-lib util macros build-helper test-kit; do mkdir -p $c/src; done
echo 'fn main() {}' >app/src/main.rs
for c in core-lib util macros build-helper test-kit; do : >$c/src/lib.rs; done
cat >Cargo.toml <<'TOML'
[workspace]
members = ["app", "core-lib", "util", "macros", "build-helper", "test-kit"]
resolver = "2"
TOML
cat >.cargo/config.toml <<'TOML'
[source.crates-io]
replace-with = "vendored"

[source.vendored]
directory = "vendor"
TOML
printf '[package]\nname = "tinyrand"\nversion = "0.4.2"\nedition = "2021"\n\n[dependencies]\nitoa-lite = "1.0"\n\n[features]\ndefault = []\nalloc = []\n' >vendor/tinyrand/Cargo.toml
printf '[package]\nname = "itoa-lite"\nversion = "1.0.11"\nedition = "2021"\n' >vendor/itoa-lite/Cargo.toml
: >vendor/tinyrand/src/lib.rs
: >vendor/itoa-lite/src/lib.rs
echo '{"files":{},"package":null}' >vendor/tinyrand/.cargo-checksum.json
echo '{"files":{},"package":null}' >vendor/itoa-lite/.cargo-checksum.json
printf '[package]\nname = "util"\nversion = "0.3.1"\nedition = "2021"\n\n[features]\ndefault = ["std"]\nstd = []\nfancy = []\n\n[dependencies]\nitoa-lite = "1"\n' >util/Cargo.toml
printf '[package]\nname = "acme-macros"\nversion = "1.0.0"\nedition = "2021"\n\n[lib]\nproc-macro = true\n\n[dependencies]\nutil = { path = "../util", default-features = false }\n' >macros/Cargo.toml
printf '[package]\nname = "build-helper"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nutil = { path = "../util" }\n' >build-helper/Cargo.toml
printf '[package]\nname = "test-kit"\nversion = "0.9.0-beta.2"\nedition = "2021"\n\n[dependencies]\ncore-lib = { path = "../core-lib" }\n' >test-kit/Cargo.toml
printf '[package]\nname = "core-lib"\nversion = "2.1.0"\nedition = "2021"\n\n[dependencies]\nutil = { path = "../util", features = ["fancy"] }\nacme-macros = { path = "../macros" }\n\n[build-dependencies]\nbuild-helper = { path = "../build-helper" }\n\n[dev-dependencies]\ntest-kit = { path = "../test-kit" }\n' >core-lib/Cargo.toml
printf '[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\ncore-lib = { path = "../core-lib" }\nutil = { path = "../util" }\ntinyrand = { version = "0.4", features = ["alloc"] }\n\n[dev-dependencies]\ntest-kit = { path = "../test-kit" }\n' >app/Cargo.toml
cargo generate-lockfile --offline -q
case_ cargo-tree workspace cargo tree --offline
case_ cargo-tree app cargo tree --offline -p app
case_ cargo-tree ascii cargo tree --offline -p app --charset ascii
case_ cargo-tree prefix_depth cargo tree --offline -p app --prefix depth
case_ cargo-tree edges_features cargo tree --offline -p app -e features
case_ cargo-tree format_features cargo tree --offline -p app -f '{p} {f}'
case_ cargo-tree invert cargo tree --offline -i itoa-lite
case_ cargo-tree duplicates cargo tree --offline -d
case_ cargo-tree depth1 cargo tree --offline -p app --depth 1 -e no-dev
case_ cargo-tree no_dedupe cargo tree --offline -p app --no-dedupe
