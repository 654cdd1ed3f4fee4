#!/bin/bash
# Captures the goldens of make, clang, gofmt, staticcheck and golangci-lint
# (issue 17) from real runs: GNU Make 4.3, Debian clang 14.0.6, Go 1.26's
# gofmt, staticcheck 2026.2.2, golangci-lint v2.15.0 on this machine.
# Run from catalog/: bash testdata/capture-diag-more.sh, then
# go test -run Golden -update. The seeded sources are bench/testdata/diag/
# (C and Go) and testdata/diag-src.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/golden_dir.sh"
seed=$here/../../bench/testdata/diag
tmp=/tmp/parism-diag-capture
rm -rf "$tmp" && mkdir -p "$tmp"
export PATH=$PATH:$(go env GOPATH)/bin
trap 'rm -rf "$tmp"' EXIT
out() { mkdir -p "$(golden_dir "$1")"; cat > "$(golden_dir "$1")/$2.txt"; }

# clang, clang++
cp "$here"/diag-src/*.c "$here"/diag-src/*.cpp "$seed"/c/*.c "$tmp"/
(cd "$tmp" && clang -Wall -fsyntax-only calc.c parse.c 2>&1) | out clang wall_errors
(cd "$tmp" && clang -Wall -fsyntax-only -fdiagnostics-parseable-fixits a.c b.c 2>&1) | out clang fixits
(cd "$tmp" && clang++ -Wall -fsyntax-only c.cpp 2>&1) | out clang++ wall_errors

# make
mkdir -p "$tmp/mk/sub" && cp "$seed"/c/* "$tmp/mk/" && cd "$tmp/mk" || exit 1
make -k CC=gcc 2>&1 | out make keep_going_gcc
make CC=clang 2>&1 | out make stop_clang
printf 'all:\n\t$(MAKE) -C sub\n\t@echo done\n' > top.mk
printf 'all: lib\n\nlib: missing.c\n\tcc -c missing.c\n' > sub/Makefile
make -f top.mk 2>&1 | out make recursive_no_rule
printf 'all:\n\techo one\n  echo two\n' > bad.mk
make -f bad.mk 2>&1 | out make missing_separator
printf 'x:\n\techo a\nx:\n\techo b\nclean:\n\t-rm /nonexistent/file\n\t@false\n' > warn.mk
make -f warn.mk x clean 2>&1 | out make warnings_ignored
echo 'all: ; @:' > ok.mk
make -f ok.mk all all 2>&1 | out make up_to_date
mkdir -p "$tmp/gomk" && cp -r "$seed"/go/* "$tmp/gomk/" && cd "$tmp/gomk" || exit 1
printf 'build:\n\tGOWORK=off go build ./typeerr2/\n' > Makefile
make 2>&1 | out make go_build

# gofmt, staticcheck, golangci-lint on the seeded Go module
cd "$tmp/gomk" && rm Makefile
printf 'package tests\n\nfunc  Sub(a,b int) int {return a-b}\n' > tests/sub.go
printf 'package vetwarn\n\nfunc Broken( {\n' > vetwarn/broken.go.txt
gofmt -l . 2>&1 | out gofmt unformatted
cp vetwarn/broken.go.txt vetwarn/broken.go
gofmt -l . 2>&1 | out gofmt syntax_error
rm vetwarn/broken.go tests/sub.go
export GOWORK=off GOFLAGS=-mod=mod
staticcheck ./vetwarn/ ./tests/ 2>&1 | out staticcheck checks
staticcheck ./... 2>&1 | out staticcheck with_compile_errors
golangci-lint run ./vetwarn/ ./tests/ 2>&1 | out golangci-lint default
golangci-lint run ./... 2>&1 | out golangci-lint with_compile_errors

# make: a recursive make whose sub-make's recipe fails (dir of the diagnostics)
mkdir -p "$tmp/rec/lib" && cp "$seed"/c/calc.c "$tmp/rec/lib/" && cd "$tmp/rec" || exit 1
printf 'all:\n\t$(MAKE) -C lib CC=gcc\n' > Makefile
printf 'all:\n\t$(CC) -Wall -fsyntax-only -fdiagnostics-color=never calc.c\n' > lib/Makefile
make 2>&1 | out make recursive_compile

# golangci-lint without the source lines and without the stats
cd "$tmp/gomk" || exit 1
golangci-lint run --output.text.print-issued-lines=false --show-stats=false ./vetwarn/ ./tests/ 2>&1 | out golangci-lint no_lines_no_stats
