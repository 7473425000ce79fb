#!/usr/bin/env bash
# Cold `smokerun run` against cold `swift test --enable-code-coverage` on real packages: each sample is a
# fresh clone at a pinned commit with no build folder, alternating the two commands (A B, B A, A B, …), and
# the medians and their ratio per package. SwiftPM's own cache (~/.cache/org.swift.swiftpm) stays as it is
# for both: one untimed `swift package resolve` fills it with the package's dependencies first, as a CI
# machine's cache would.
#
# Usage: Scripts/bench-cold.sh [--load] [--repeats N] [--work DIR] [PACKAGE…]
#   PACKAGE    owner/name from the table below (default: the first three)
#   --load     a second build runs beside every sample (a clean debug build of apple/swift-log, in a loop)
#   --repeats  samples of each command per package (default 3)
# Environment: SMOKERUN (default .build/release/smokerun, built when missing), KEEP=1 keeps the work folder.
# Each sample's line: wall seconds, CPU seconds, exit status, and the 1-minute load average when it started.
set -euo pipefail
cd "$(dirname "$0")/.."

# owner/name and the commit each sample checks out (a tag's commit where the package has tags).
packages=(
  "apple/swift-service-context 8ed580e3cc6a586d7b45e6c8b18af1fc0e6af73c"
  "pointfreeco/swift-tagged c4c19182650dcf0f01206d3b02d6a3c9e2e4333a"
  "mxcl/Version c286d4f49010e0c6bccc0b9138dc38e4f03c24ec"
  "apple/swift-log c2cb5297956b2a95420f70d1f51e8dc4b4f94708"
  "apple/swift-http-types c5022b87b2147f8ce312c72ca00ea0b3279ea236"
)
load=0
repeats=3
work=""
chosen=()
while [ $# -gt 0 ]; do
  case "$1" in
    --load) load=1 ;;
    --repeats) repeats=$2; shift ;;
    --work) work=$2; shift ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    -*) echo "bench-cold: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) chosen+=("$1") ;;
  esac
  shift
done
[ ${#chosen[@]} -gt 0 ] || chosen=(apple/swift-service-context pointfreeco/swift-tagged mxcl/Version)

smokerun=${SMOKERUN:-$PWD/.build/release/smokerun}
if [ ! -x "$smokerun" ]; then
  swift build -c release --product smokerun >&2
fi
[ -n "$work" ] || work=$(mktemp -d)
loader=""
stop_load() { if [ -n "$loader" ]; then kill -- "-$loader" 2>/dev/null || true; fi; }
mkdir -p "$work/cache"
if [ "${KEEP:-0}" != 1 ]; then trap 'stop_load; rm -rf "$work"' EXIT
else trap 'stop_load; echo "work folder: $work" >&2' EXIT; fi

commit_of() {
  local entry
  for entry in "${packages[@]}"; do
    if [ "${entry%% *}" = "$1" ]; then echo "${entry#* }"; return; fi
  done
  echo "bench-cold: $1 is not in the table of pinned packages in $0" >&2
  exit 2
}

# A fresh working copy of $1 at its pinned commit in $2, from the bare copy fetched once.
checkout() {
  local name=${1##*/}
  if [ ! -d "$work/cache/$name.git" ]; then
    git clone -q --bare "https://github.com/$1" "$work/cache/$name.git"
  fi
  rm -rf "$2"
  git clone -q "$work/cache/$name.git" "$2"
  git -C "$2" checkout -q "$(commit_of "$1")"
}

load1() { cut -d' ' -f1 /proc/loadavg; }
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }

# One timed sample: seconds, exit status and load, appended to $work/<package>.<kind>.
sample() {
  local package=$1 kind=$2 folder="$work/sample" start end status=0 before
  checkout "$package" "$folder"
  if [ "$kind" = smokerun ]; then
    (cd "$folder" && "$smokerun" init >/dev/null)
  fi
  before=$(load1)
  # Wall time, and the CPU time (user + system) of the command and every process it waited for: the CPU
  # time moves far less with the machine's load than the wall time does.
  if [ "$kind" = smokerun ]; then
    (cd "$folder" && /usr/bin/time -f '%e %U %S' -o "$work/time" "$smokerun" run --no-notify >"$work/last-$kind.log" 2>&1) || status=$?
  else
    (cd "$folder" && /usr/bin/time -f '%e %U %S' -o "$work/time" swift test --enable-code-coverage >"$work/last-$kind.log" 2>&1) || status=$?
  fi
  local seconds cpu
  seconds=$(tail -1 "$work/time" | awk '{ print $1 }')
  cpu=$(tail -1 "$work/time" | awk '{ print $2 + $3 }')
  printf '%s %s %s %s\n' "$seconds" "$status" "$before" "$cpu" >>"$work/${package##*/}.$kind"
  printf '  %-9s %7.1f s  cpu %6.1f s  exit %s  load %s\n' "$kind" "$seconds" "$cpu" "$status" "$before"
  [ "$kind" != smokerun ] || grep -E '^[^ ]+: (passed|failed|error)' "$work/last-$kind.log" | sed 's/^/            /' || true
}

if [ "$load" = 1 ]; then
  checkout apple/swift-log "$work/load"
  cd "$work/load"
  # A process group of its own, so the build it is running stops with it.
  setsid bash -c 'while :; do rm -rf .build; swift build >/dev/null 2>&1 || true; done' <&- >/dev/null 2>&1 &
  loader=$!
  cd - >/dev/null
  echo "load: a clean build of apple/swift-log in a loop (process group $loader)"
fi

echo "smokerun: $smokerun ($("$smokerun" --version 2>/dev/null || echo unknown))"
echo "$(swift --version 2>/dev/null | head -1); $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg) at start"
for package in "${chosen[@]}"; do
  commit_of "$package" >/dev/null
  echo "$package @ $(commit_of "$package" | cut -c1-12)"
  # Untimed: fills SwiftPM's cache of the package's dependencies for both commands alike.
  checkout "$package" "$work/warmup"
  (cd "$work/warmup" && swift package resolve >/dev/null 2>&1) || true
  rm -rf "$work/warmup"
  for round in $(seq "$repeats"); do
    if [ $((round % 2)) = 1 ]; then order="smokerun swift-test"; else order="swift-test smokerun"; fi
    for kind in $order; do sample "$package" "$kind"; done
  done
  name=${package##*/}
  runs=$(awk '{ print $1 }' "$work/$name.smokerun" | median)
  tests=$(awk '{ print $1 }' "$work/$name.swift-test" | median)
  runs_cpu=$(awk '{ print $4 }' "$work/$name.smokerun" | median)
  tests_cpu=$(awk '{ print $4 }' "$work/$name.swift-test" | median)
  loads=$(cat "$work/$name.smokerun" "$work/$name.swift-test" | awk '{ print $3 }' | sort -n | sed -n '1p;$p' | paste -sd- -)
  printf '%s: smokerun run %.1f s / swift test --enable-code-coverage %.1f s = %.2f×; CPU %.1f s / %.1f s = %.2f× (medians of %s; load %s)\n' \
    "$package" "$runs" "$tests" "$(echo "$runs / $tests" | bc -l)" "$runs_cpu" "$tests_cpu" \
    "$(echo "$runs_cpu / $tests_cpu" | bc -l)" "$repeats" "$loads"
done
