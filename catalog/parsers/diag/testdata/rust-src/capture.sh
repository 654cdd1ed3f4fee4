#!/bin/sh
# Regenerates the cargo goldens' raw outputs from the crates here with the
# cargo on PATH (1.95.0 when they were written): sh capture.sh OUTDIR
set -eu
out=$1
src=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$src/seeded" "$src/tested" "$src/linty" "$src/aborts" "$work/"
unset RUST_BACKTRACE CARGO_TERM_COLOR
mkdir -p "$out/cargo-build" "$out/cargo-check" "$out/cargo-clippy" "$out/cargo-test"
cd "$work/seeded"
cargo build >"$out/cargo-build/errors.txt" 2>&1 || true
cargo build --message-format=json >"$out/cargo-build/json.txt" 2>/dev/null || true
cargo check --message-format=short >"$out/cargo-check/short.txt" 2>&1 || true
cargo check --message-format=json-diagnostic-short >"$out/cargo-check/json_diagnostic_short.txt" 2>/dev/null || true
cargo check --message-format=json-diagnostic-rendered-ansi >"$out/cargo-check/json_rendered_ansi.txt" 2>/dev/null || true
cargo check --message-format=json-render-diagnostics >"$out/cargo-check/json_render_diagnostics.txt" 2>&1 || true
cargo test >"$out/cargo-test/compile_errors.txt" 2>&1 || true
cd "$work/linty"
cargo clippy >"$out/cargo-clippy/lints.txt" 2>&1 || true
cargo clippy --message-format=json >"$out/cargo-clippy/json.txt" 2>/dev/null || true
cd "$work/tested"
cargo test --no-fail-fast >"$out/cargo-test/failures.txt" 2>&1 || true
cargo test --no-fail-fast --message-format=json >"$out/cargo-test/json.txt" 2>&1 || true
cd "$work/aborts"
cargo test >"$out/cargo-test/abort.txt" 2>&1 || true
