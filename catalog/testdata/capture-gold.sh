#!/bin/bash
# Captures the third (and second) golden shapes of issue 16's test-data rule
# from real runs on this machine (Debian 12: gcc 12.2, clang 14.0.6, Go
# 1.26, cargo 1.95, flake8 5.0.4, staticcheck 2026.2.2, pip 23.0.1 of
# python3-pip, coreutils 9.1, cron 3.0pl1, eslint 10, jest 30, tsc 7,
# vitest 4). Run from catalog/: bash testdata/capture-gold.sh, then
# go test -run Golden -update. Projects live in the fixed directory
# /tmp/parism-gold so that paths printed by the tools do not move; the
# node project needs /tmp/gold-js with `npm ci` done (package.json there).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/golden_dir.sh"
seed=$here/../../bench/testdata/diag
tmp=/tmp/parism-gold
rm -rf "$tmp" && mkdir -p "$tmp"
export PATH=$PATH:$(go env GOPATH)/bin:/root/.cargo/bin LC_ALL=C.UTF-8
out() { mkdir -p "$(golden_dir "$1")"; cat > "$(golden_dir "$1")/$2.txt"; }

# C compilers: a clean file, a missing operand, a missing header, a link error.
cd "$tmp" || exit 1
printf '#include <stdio.h>\nint main(void) { puts("ok"); return 0; }\n' > ok.c
printf '#include <string>\nint main() { std::string s = "ok"; return (int)s.size(); }\n' > ok.cpp
printf '#include <stdio.h>\n#include "config.h"\nint main(void) { return VALUE; }\n' > inc.c
printf '#include <vector>\n#include "widget.hpp"\nint main() { return 0; }\n' > inc.cpp
printf 'int helper(int);\nint main(void) { return helper(1); }\n' > link.c
gcc -Wall -fdiagnostics-color=never -c ok.c -o /dev/null 2>&1 | out gcc clean
gcc -Wall -fdiagnostics-color=never -c nosuch.c 2>&1 | out gcc missing_file
cc -fdiagnostics-color=never -fsyntax-only inc.c 2>&1 | out cc fatal_include
cc -fdiagnostics-color=never -o link.out link.c 2>&1 | out cc link_error
clang -Wall -fsyntax-only ok.c nosuch.c 2>&1 | out clang missing_file
clang++ -Wall -fsyntax-only ok.cpp 2>&1 | out clang++ clean
clang++ -Wall -fsyntax-only inc.cpp 2>&1 | out clang++ fatal_include

# Go: a clean module, a missing package, a toolchain that does not exist.
mkdir -p "$tmp/gomod" && cp -r "$seed"/go/* "$tmp/gomod/" && cd "$tmp/gomod" || exit 1
export GOWORK=off GOFLAGS=-mod=mod
go build ./tests/ 2>&1 | out go-build clean
go build ./nosuch/ 2>&1 | out go-build no_package
go vet ./tests/ 2>&1 | out go-vet clean
gofmt -l ./tests/ 2>&1 | out gofmt clean
mkdir -p clean && printf 'package clean\n\n// Add returns a+b.\nfunc Add(a, b int) int { return a + b }\n' > clean/clean.go
staticcheck ./clean/ 2>&1 | out staticcheck clean
GOTOOLCHAIN=go1.99.0 go version 2>&1 | out go-version toolchain_unavailable
unset GOWORK GOFLAGS

# cargo: a crate that builds with a warning; a crate without findings.
mkdir -p "$tmp/rust" && cp -r "$here"/rust-src/tested "$tmp/rust/" && cd "$tmp/rust/tested" || exit 1
unset RUST_BACKTRACE CARGO_TERM_COLOR
cargo build 2>&1 | out cargo-build finished
mkdir -p "$tmp/rust/tidy/src" && cd "$tmp/rust/tidy" || exit 1
printf '[package]\nname = "tidy"\nversion = "0.1.0"\nedition = "2021"\n' > Cargo.toml
printf 'pub fn add(a: i32, b: i32) -> i32 {\n    a + b\n}\n' > src/lib.rs
cargo clippy 2>&1 | out cargo-clippy clean

# flake8 on a clean package.
mkdir -p "$tmp/py/pkg" && cd "$tmp/py" || exit 1
printf 'def add(a, b):\n    return a + b\n' > pkg/ok.py
flake8 pkg 2>&1 | out flake8 clean

# coreutils checksums: --tag and -c forms.
mkdir -p "$tmp/sum" && cd "$tmp/sum" || exit 1
printf 'alpha\n' > a.txt; printf 'beta\n' > b.txt; printf '' > empty.txt
sha1sum a.txt b.txt empty.txt > SHA1SUMS; printf 'changed\n' > b.txt
sha1sum -c SHA1SUMS 2>&1 | out sha1sum check_failed
sha512sum a.txt nosuch.txt 2>&1 | out sha512sum missing_file
sha512sum a.txt > SHA512SUMS
sha512sum -c SHA512SUMS 2>&1 | out sha512sum check_ok

# pip (Debian's python3-pip on the system python).
/usr/bin/pip3 list 2>/dev/null | out pip3-list columns
/usr/bin/pip3 list --format=freeze 2>/dev/null | out pip3-list format_freeze
printf '# pinned for the tools\nflake8==5.0.4\nnosuch-package==1.0\n' > req.txt
/usr/bin/pip3 freeze -r req.txt 2>/dev/null | out pip3-freeze requirement_file
/usr/bin/pip3 freeze --user 2>/dev/null | out pip3-freeze user_empty

/usr/bin/pip3 show -f wheel 2>/dev/null | out pip3-show files
/usr/bin/pip3 show nosuch-package 2>&1 | out pip3-show not_found

# dpkg-query: no match, and a pattern holding not-installed (un) rows.
dpkg-query -l 'nosuch-package*' 2>&1 | out dpkg-query-list no_match
dpkg-query -l 'libc6*' 2>&1 | out dpkg-query-list mixed_states

# crontab: variables, @keywords, comments (root had none: installed, read, removed).
if ! crontab -l >/dev/null 2>&1; then
	printf '# m h dom mon dow command\nSHELL=/bin/sh\nMAILTO=""\nPATH=/usr/local/bin:/usr/bin:/bin\n@reboot /usr/local/bin/warm-cache\n@daily /usr/bin/find /var/tmp -mtime +7 -delete\n*/15 9-17 * * mon-fri /usr/local/bin/poll --quiet >/dev/null 2>&1\n0 0 1 jan,jul * /usr/local/bin/rotate\n' > cron.txt
	crontab cron.txt && crontab -l | out crontab variables_keywords
	crontab -r
fi

# node tools in /tmp/gold-js: passing suites, clean lint and type check.
js=/tmp/gold-js
if [ -d "$js/node_modules" ]; then
	cd "$js" || exit 1
	rm -rf lib src test vt && mkdir -p lib src test vt
	printf 'const add = (a, b) => a + b;\nmodule.exports = { add };\n' > lib/ok.js
	printf 'export const n: number = 1;\n' > src/ok.ts
	printf 'const { add } = require("../lib/ok");\ntest("adds", () => { expect(add(1, 2)).toBe(3); });\ndescribe("more", () => { test("zero", () => { expect(add(0, 0)).toBe(0); }); });\n' > test/ok.test.js
	printf 'import { test, expect } from "vitest";\ntest("adds", () => { expect(1 + 2).toBe(3); });\ntest("concat", () => { expect("a" + "b").toBe("ab"); });\n' > vt/ok.test.js
	npx --no eslint lib 2>&1 | out npx-eslint clean
	npx --no eslint nosuch 2>&1 | out npx-eslint no_files
	npx --no tsc 2>&1 | out npx-tsc clean
	npx --no jest test 2>&1 | out npx-jest passing
	npx --no jest nosuchpattern 2>&1 | out npx-jest no_tests
	NO_COLOR=1 npx --no vitest run vt 2>&1 | out npx-vitest passing
	NO_COLOR=1 npx --no vitest run nosuchpattern 2>&1 | out npx-vitest no_tests
	NO_COLOR=1 ./node_modules/.bin/vitest run vt 2>&1 | out vitest passing
	npm test 2>&1 | out npm-test jest_passing
fi
