#!/usr/bin/env bash
# Messages are whole strings: a user who greps the source for the text smokerun printed finds it.
# Fails on a string literal chopped into pieces joined by `+` across lines, which is what a message
# looks like when it was cut to fit the column limit:
#   - a line that starts with `+ "` (the next piece of the string), or
#   - a line that ends with `" +` when the next line starts with `"`.
# Write one literal instead (on a line of its own when it does not fit beside the code), or a
# multi-line literal (`"""` … `"""`) whose lines end in `\` where the text goes on without a break.
#
# Usage: Scripts/lint-messages.sh [ROOT]
#   ROOT: the package to check (default: this one); its Sources/ and Tests/, not Tests/Fixtures/
#   (fixture packages are test inputs and stay as written).
# Exit: 0 none found; 1 found (each listed as file:line); 2 usage.
set -euo pipefail
root=${1:-"$(dirname "$0")/.."}
cd "$root" || exit 2

files=()
while IFS= read -r -d '' file; do files+=("$file"); done < <(
  find Sources Tests -path Tests/Fixtures -prune -o -type f -name '*.swift' -print0 2>/dev/null | sort -z
)
[ ${#files[@]} -gt 0 ] || { echo "lint-messages: no Swift files under $root/Sources or $root/Tests" >&2; exit 2; }

# shellcheck disable=SC2016 # the $ signs are awk's
awk '
  FNR == 1 { previous = "" }
  /^[[:space:]]*\+ "/ {
    print FILENAME ":" FNR ": a message goes on with + \"…\" on this line; make it one string"
    found = 1
  }
  previous ~ /"[[:space:]]*\+[[:space:]]*$/ && /^[[:space:]]*"/ {
    print FILENAME ":" FNR - 1 ": a message ends in \" + and goes on on the next line; make it one string"
    found = 1
  }
  { previous = $0 }
  END { exit found }
' "${files[@]}" || {
  echo "lint-messages: messages are whole strings: one literal, or a multi-line literal (\"\"\" … \"\"\") with a"
  echo "trailing \\ where the text goes on (CONTRIBUTING.md, \"Messages are whole strings\")"
  exit 1
}
