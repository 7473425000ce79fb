#!/usr/bin/env bash
# Proves that smokerun builds and runs with nothing but the Swift toolchain: inside a
# private mount namespace, empty files hide the SQLite and zstd headers and pkg-config files and the
# `zstd` program; then the README's commands run there — its Install build and "Try it" run
# (`swift build -c release --product smokerun`, `.build/release/smokerun run`: the smoke pipeline, which
# must pass) and the build `swift test` does (`swift build --build-tests`) — the binaries must not link
# libsqlite3, and the tests that need `zstd` must report themselves skipped.
#
# Usage: Scripts/check-build-anywhere.sh [SCRATCH]
#   SCRATCH: the build folder (default .build/anywhere-check, removed afterwards). `.ci/run` passes
#   .build on a clean clone, so this check is the build the test run then reuses.
# Exit: 0 proved; 77 cannot run here (not root, or no mount namespaces), with the reason; else failed.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${1:-.build/anywhere-check}

hidden_files=(/usr/include/sqlite3.h /usr/include/sqlite3ext.h /usr/include/zstd.h /usr/include/zstd_errors.h
  /usr/include/zdict.h /usr/lib/x86_64-linux-gnu/pkgconfig/sqlite3.pc /usr/lib/aarch64-linux-gnu/pkgconfig/sqlite3.pc
  /usr/lib/x86_64-linux-gnu/pkgconfig/libzstd.pc /usr/lib/aarch64-linux-gnu/pkgconfig/libzstd.pc)

if [ "${SMOKERUN_IN_NAMESPACE:-}" != 1 ]; then
  present=()
  for file in "${hidden_files[@]}"; do [ -e "$file" ] && present+=("$file"); done
  zstd_program=$(command -v zstd || true)
  can_hide=false
  if [ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null; then can_hide=true; fi
  if [ ${#present[@]} -eq 0 ] && { [ -z "$zstd_program" ] || [ $can_hide = false ]; }; then
    # Nothing to hide from the build (the official swift images): this machine is the proof as it is.
    echo "check-build-anywhere: no SQLite/zstd headers on this machine; building as is"
  elif [ $can_hide = false ]; then
    echo "check-build-anywhere: skipped: hiding ${present[*]} needs root and mount namespaces (unshare -m)"
    exit 77
  else
    exec unshare -m --propagation private env SMOKERUN_IN_NAMESPACE=1 ZSTD_PROGRAM="$zstd_program" "$0" "$scratch"
  fi
else
  empty=$(mktemp)
  for file in "${hidden_files[@]}" ${ZSTD_PROGRAM:-}; do
    if [ -e "$file" ]; then mount --bind "$empty" "$file"; echo "check-build-anywhere: hid $file"; fi
  done
  for file in "${hidden_files[@]}"; do [ ! -s "$file" ] || { echo "check-build-anywhere: $file is still there" >&2; exit 1; }; done
  if command -v zstd >/dev/null && [ -x "$(command -v zstd)" ]; then echo "check-build-anywhere: zstd still runs" >&2; exit 1; fi
fi

scratch_flags=()
[ "$scratch" = .build ] || scratch_flags=(--scratch-path "$scratch")
cleanup() { [ "$scratch" = .build ] || rm -rf "$scratch"; }
trap cleanup EXIT

echo "check-build-anywhere: swift build --build-tests ${scratch_flags[*]:-}"
swift build --build-tests "${scratch_flags[@]}"
bin=$(swift build --show-bin-path "${scratch_flags[@]}")
if ldd "$bin/smokerun" | grep -q libsqlite3; then
  echo "check-build-anywhere: smokerun links libsqlite3 at build time:" >&2
  ldd "$bin/smokerun" | grep libsqlite3 >&2
  exit 1
fi

echo "check-build-anywhere: swift build -c release --product smokerun ${scratch_flags[*]:-}"
started=$(date +%s)
swift build -c release --product smokerun "${scratch_flags[@]}"
echo "check-build-anywhere: the release build took $(($(date +%s) - started)) s"
release=$(swift build -c release --show-bin-path "${scratch_flags[@]}")
if ldd "$release/smokerun" | grep -q libsqlite3; then
  echo "check-build-anywhere: the release smokerun links libsqlite3 at build time" >&2
  exit 1
fi
echo "check-build-anywhere: $release/smokerun run"
"$release/smokerun" run

echo "check-build-anywhere: the tests that need zstd skip"
log=$(mktemp)
swift test --skip-build "${scratch_flags[@]}" --filter 'XCResultDatabaseReaderTests|SQLiteLibraryTests' 2>&1 | tee "$log"
if command -v zstd >/dev/null; then
  grep -q 'zstdCompressedPayloadsAreDecompressedByTheRealProgram()' "$log"
else
  grep -q 'zstdCompressedPayloadsAreDecompressedByTheRealProgram() skipped: "needs the zstd program' "$log" \
    || { echo "check-build-anywhere: the zstd test did not report itself skipped" >&2; exit 1; }
fi
echo "check-build-anywhere: passed"
