#!/usr/bin/env python3
"""The comparison point for the parse benchmark: a plain Python regular-expression parser that
reads the same XCTest console log line by line and keeps per-test status, duration and failures."""
import re
import sys
import time

CASE = re.compile(r"^\s*Test [Cc]ase '(?:-\[(\S+) ([^\]]+)\]|([^']+))' (started|passed|failed|skipped)(?:.*\((\d+(?:\.\d+)?) seconds\))?")
ERROR = re.compile(r"^(.+?):(\d+): error: (?:-\[\S+ [^\]]+\]|\S+) : (.*)$")
SUITE = re.compile(r"^\s*Test [Ss]uite '([^']+)' (started|passed|failed)")
EXECUTED = re.compile(r"^\s*Executed (\d+) tests?, with (?:\d+ tests? skipped and )?(\d+) failures?")

def main(path):
    start = time.time()
    results = {}
    current = None
    size = 0
    unrecognized = 0
    with open(path, "rb") as handle:
        for raw in handle:
            size += len(raw)
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            match = CASE.match(line)
            if match:
                test = f"{match.group(1)}/{match.group(2)}" if match.group(1) else match.group(3)
                if match.group(4) == "started":
                    results.setdefault(test, {"status": None, "failures": []})
                    current = test
                else:
                    entry = results.setdefault(test, {"status": None, "failures": []})
                    entry["status"] = match.group(4)
                    entry["duration"] = float(match.group(5) or 0)
                    current = None
                continue
            match = ERROR.match(line)
            if match and current:
                results[current]["failures"].append((match.group(3), match.group(1), int(match.group(2))))
                continue
            if SUITE.match(line) or EXECUTED.match(line):
                continue
            if current is None:
                unrecognized += 1
    seconds = time.time() - start
    failed = sum(1 for entry in results.values() if entry["status"] == "failed")
    print(f"python-regex: tests={len(results)} failed={failed} unrecognized={unrecognized} "
          f"seconds={seconds:.2f} MB/s={size / 1e6 / seconds:.1f}")

if __name__ == "__main__":
    main(sys.argv[1])
