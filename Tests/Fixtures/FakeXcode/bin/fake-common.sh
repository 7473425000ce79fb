# Shared by the fake `xcrun` and `xcodebuild` (sourced, not run).

# Appends one command line to $FAKE_XCODE_LOG: the TEST_RUNNER_* variables (sorted, KEY=VALUE),
# then the program and its arguments, joined by single spaces.
fake_log() {
    [ -n "${FAKE_XCODE_LOG:-}" ] || return 0
    prefix=$(env | grep '^TEST_RUNNER_' | LC_ALL=C sort | tr '\n' ' ')
    printf '%s%s\n' "$prefix" "$*" >> "$FAKE_XCODE_LOG"
}

# Prints the path of a scenario file, looking in $FAKE_XCODE_SCENARIO and then in the scenario
# its `base` file names (a variant holds only what differs); prints nothing when absent.
fake_file() {
    scenario=${FAKE_XCODE_SCENARIO:?FAKE_XCODE_SCENARIO must name a scenario folder}
    if [ -e "$scenario/$1" ]; then printf '%s\n' "$scenario/$1"; return; fi
    if [ -f "$scenario/base" ]; then
        base="$(dirname "$scenario")/$(cat "$scenario/base")"
        if [ -e "$base/$1" ]; then printf '%s\n' "$base/$1"; fi
    fi
}

fake_cat() {
    path=$(fake_file "$1")
    if [ -z "$path" ]; then echo "fake: the scenario has no $1" >&2; exit 1; fi
    cat "$path"
}

fake_fail() {
    echo "fake: unsupported command: $*" >&2
    exit 64
}
