#!/bin/bash
# Mutation pass over guard/paths.go and guard/grammar.go (issue 14).
# Usage: guard/testdata/mutation/run.sh [WORKDIR]
# Copies the module to WORKDIR (default: a temporary directory), rewrites
# the two files into mutant schemata, builds the test binary once, runs it
# once per mutant (GUARD_MUTANT=id) and prints the survivors.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
mod=$(cd "$here/../.." && pwd)
work=${1:-$(mktemp -d)}
cp -r "$mod" "$work/guard"
cd "$work/guard"
rm -rf testdata/mutation
list=$work/mutants.tsv
: > "$list"
(cd "$here" && GOWORK=off go build -o "$work/schema" schema.go)
n=$("$work/schema" paths.go paths.go 0 "$list")
"$work/schema" grammar.go grammar.go "$n" "$list" > /dev/null
cat > mutant_var.go <<'GO'
package guard

import (
	"os"
	"strconv"
)

var guardMutant = func() int { n, _ := strconv.Atoi(os.Getenv("GUARD_MUTANT")); return n }()
GO
GOWORK=off go test -c -o "$work/guard.test" .
"$work/guard.test" -test.count=1 > /dev/null || { echo "the schema fails without a mutant"; exit 1; }
total=0; survived=0
while IFS=$'\t' read -r id where fn desc; do
	total=$((total + 1))
	if GUARD_MUTANT=$id timeout 90 "$work/guard.test" -test.count=1 -test.timeout=60s > /dev/null 2>&1; then
		survived=$((survived + 1))
		printf 'SURVIVED\t%s\t%s\t%s\t%s\n' "$id" "$where" "$fn" "$desc"
	fi
done < "$list"
echo "mutants: $total, survived: $survived"
