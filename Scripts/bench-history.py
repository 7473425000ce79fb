#!/usr/bin/env python3
"""History benchmark (targets: Documentation/Performance.md): a year of four-hourly runs of a 2,000-test suite,
appended to history.sqlite through the real path (`smokerun parse LOG --output DIR`, one process per run),
then reports the append of one run, the database's size and `smokerun history --test` time.

    Scripts/bench-history.py [--runs 2190] [--tests 2000] [--binary .build/release/smokerun] [--keep DIR]
                             [--measure-only]

--keep DIR fills DIR and keeps it; --measure-only then measures again on that filled history (another binary).

Each run's log is a Linux XCTest console log made here (one started/ended line pair per test; a few tests fail
in each run, with a message, so failure rows carry text as real ones do). Run folders are deleted after each
parse, as retention would (the history keeps their rows). The append of one run is measured as the time of a
parse into the full folder minus the same parse into a folder with SQLite switched off
(SMOKERUN_SQLITE_LIBRARY=/nonexistent: history.jsonl), median of RUNS (default 5) each.
"""
import argparse
import datetime
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

parser = argparse.ArgumentParser()
parser.add_argument("--runs", type=int, default=2190)
parser.add_argument("--tests", type=int, default=2000)
parser.add_argument("--binary", default=".build/release/smokerun")
parser.add_argument("--keep", help="folder to fill and keep (default: a temporary one, removed)")
parser.add_argument("--measure-only", action="store_true", help="skip the fill: measure on --keep's history")
args = parser.parse_args()

os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
binary = os.path.abspath(args.binary)
if not os.path.exists(binary):
    sys.exit(f"bench-history: no {binary}; build it with `swift build -c release --product smokerun`")
work = args.keep or tempfile.mkdtemp(prefix="smokerun-bench-history.")
os.makedirs(work, exist_ok=True)
output = os.path.join(work, "out")
start = datetime.datetime(2025, 11, 1, 0, 0, tzinfo=datetime.timezone.utc)
repeats = int(os.environ.get("RUNS", "5"))


def log_text(run):
    """The console log of run `run`: every test passes but a few, which move from run to run."""
    when = start + datetime.timedelta(hours=4 * run)
    stamp = when.strftime("%Y-%m-%d %H:%M:%S.000")
    lines = [f"Test Suite 'All tests' started at {stamp}", f"Test Suite 'Bench.xctest' started at {stamp}"]
    failures = 0
    for test in range(args.tests):
        name = f"Suite{test % 40}.test{test}"
        lines.append(f"Test Case '{name}' started at {stamp}")
        seconds = ((test * 7919 + run * 104729) % 2000) / 1000
        if test == 7 or (test * 31 + run) % 500 == 0:
            failures += 1
            lines.append(
                f"/src/Tests/BenchTests/Suite{test % 40}.swift:{test % 300 + 1}: error: {name} : "
                f'XCTAssertEqual failed: ("{run}") is not equal to ("{run + 1}") - checkout total in run {run}')
            lines.append(f"Test Case '{name}' failed ({seconds:.3f} seconds)")
        else:
            lines.append(f"Test Case '{name}' passed ({seconds:.3f} seconds)")
    lines.append(f"Test Suite 'All tests' failed at {stamp}")
    lines.append(f"\t Executed {args.tests} tests, with {failures} failures (0 unexpected) in 1.0 (1.0) seconds")
    return "\n".join(lines) + "\n"


def parse(log, folder, environment=None):
    """Seconds one `smokerun parse` took; its run folder is removed afterwards."""
    began = time.monotonic()
    finished = subprocess.run(
        [binary, "parse", log, "--output", folder, "--format", "json", "--name", "smoke"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env={**os.environ, **(environment or {})})
    elapsed = time.monotonic() - began
    if finished.returncode not in (0, 1):
        sys.exit(f"bench-history: parse exited {finished.returncode}:\n{finished.stdout.decode()}")
    shutil.rmtree(os.path.join(folder, "runs"), ignore_errors=True)
    return elapsed


def database_bytes():
    return sum(os.path.getsize(os.path.join(output, name)) for name in os.listdir(output)
               if name.startswith("history.sqlite"))


log = os.path.join(work, "run.log")
fill = []
began = time.monotonic()
for run in range(0 if args.measure_only else args.runs):
    with open(log, "w") as file:
        file.write(log_text(run))
    fill.append(parse(log, output))
    if run % 200 == 0 or run == args.runs - 1:
        print(f"run {run + 1}/{args.runs}: parse {fill[-1]:.3f} s, history.sqlite {database_bytes() / 1e6:.1f} MB",
              flush=True)
if fill:
    print(f"filled {args.runs} runs x {args.tests} tests in {time.monotonic() - began:.0f} s")

# One more run into the full history, against the same parse with history.jsonl (SQLite off) into an empty folder.
with open(log, "w") as file:
    file.write(log_text(args.runs))
full, without = [], []
for attempt in range(repeats):
    full.append(parse(log, output))
    empty = os.path.join(work, f"empty{attempt}")
    without.append(parse(log, empty, {"SMOKERUN_SQLITE_LIBRARY": "/nonexistent/libsqlite3.so.0"}))
    shutil.rmtree(empty, ignore_errors=True)
append = statistics.median(full) - statistics.median(without)


def timed(command):
    times = []
    for _ in range(repeats):
        began = time.monotonic()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append(time.monotonic() - began)
    return statistics.median(times)


history_test = timed([binary, "history", "--output", output, "--test", "Suite7/test7"])
history_runs = timed([binary, "history", "--output", output])
if fill:
    first, last = statistics.median(fill[:50]), statistics.median(fill[-50:])
    print(f"parse of one run (median): first 50 runs {first * 1000:.0f} ms, last 50 runs {last * 1000:.0f} ms")
runs = len([None for _ in subprocess.run(
    [binary, "history", "--output", output, "--count", "1000000"], stdout=subprocess.PIPE).stdout.splitlines()]) - 1
print(f"append of one run into {args.runs} runs: {append * 1000:.0f} ms "
      f"(parse {statistics.median(full) * 1000:.0f} ms, same parse to history.jsonl {statistics.median(without) * 1000:.0f} ms)")
print(f"history.sqlite: {database_bytes() / 1e6:.1f} MB for {runs} runs, {runs * args.tests / 1e6:.2f} M results")
print(f"history --test Suite7/test7 ({runs} rows): {history_test * 1000:.0f} ms")
print(f"history (the last 20 runs, read without their tests): {history_runs * 1000:.0f} ms")
if not args.keep:
    shutil.rmtree(work, ignore_errors=True)
