#!/usr/bin/env python3
"""Writes a synthetic llvm-cov export (llvm.coverage.json.export 3.0.1) of about SIZE_MB megabytes.

Real structure: many files, each with segments, branches and a summary; a `functions` array with
mangled names and region lists (the bulk, as in real exports); totals. Deterministic (seeded).
It also prints the expected line totals, so the benchmark can check the reader's answer.
Usage: bench-coverage-generate.py OUTPUT SIZE_MB
"""
import json
import random
import sys

output, size_mb = sys.argv[1], float(sys.argv[2])
target = int(size_mb * 1024 * 1024)
rng = random.Random(42)


def count_json(count, covered, missed_key=False):
    item = {"count": count, "covered": covered, "percent": (covered * 100.0 / count) if count else 0}
    if missed_key:
        item["notcovered"] = count - covered
    return item


totals = {"lines": [0, 0], "functions": [0, 0], "regions": [0, 0], "branches": [0, 0]}
written = 0
file_index = 0
functions_buffer = []

with open(output, "w") as out:
    def write(text):
        global written
        out.write(text)
        written += len(text)

    write('{"data":[{"files":[')
    # Files take about a quarter of the bytes, functions the rest, as in real exports with regions.
    while written < target * 0.25:
        module = file_index % 40
        path = f"/bench/Sources/Module{module}/Sub{file_index % 7}/File{file_index}.swift"
        segments, line = [], 1
        lines_total = lines_covered = 0
        for _ in range(rng.randint(150, 450)):
            line += rng.randint(1, 3)
            count = rng.choice([0, 0, 1, 3, 17, 250, 123456])
            segments.append([line, rng.randint(1, 40), count, True, True, False])
            segments.append([line + 1, rng.randint(1, 40), 0, False, False, rng.random() < 0.1])
            lines_total += 2
            lines_covered += 2 if count else 0
        branches = [[rng.randint(1, line), 5, rng.randint(1, line), 30, rng.randint(0, 9), rng.randint(0, 9), 0, 0, 4]
                    for _ in range(rng.randint(0, 30))]
        branch_count = 2 * len(branches)
        branch_covered = sum((b[4] > 0) + (b[5] > 0) for b in branches)
        function_count = rng.randint(10, 60)
        function_covered = rng.randint(0, function_count)
        region_count = function_count * 8
        region_covered = rng.randint(0, region_count)
        summary = {
            "branches": count_json(branch_count, branch_covered, True),
            "functions": count_json(function_count, function_covered),
            "instantiations": count_json(function_count, function_covered),
            "lines": count_json(lines_total, lines_covered),
            "mcdc": count_json(0, 0, True),
            "regions": count_json(region_count, region_covered, True),
        }
        for key, value in (("lines", (lines_total, lines_covered)), ("functions", (function_count, function_covered)),
                           ("regions", (region_count, region_covered)), ("branches", (branch_count, branch_covered))):
            totals[key][0] += value[0]
            totals[key][1] += value[1]
        record = {"branches": branches, "expansions": [], "filename": path, "mcdc_records": [],
                  "segments": segments, "summary": summary}
        write(("," if file_index else "") + json.dumps(record, separators=(",", ":")))
        file_index += 1
    write('],"functions":[')
    function_index = 0
    while written < target - 2000:
        regions = []
        start = rng.randint(1, 2000)
        for _ in range(rng.randint(5, 60)):
            regions.append([start, rng.randint(1, 80), start + rng.randint(0, 30), rng.randint(1, 80),
                            rng.choice([0, 1, 7, 99, 123456]), 0, 0, rng.choice([0, 0, 0, 3])])
            start += rng.randint(0, 4)
        record = {"branches": [], "count": rng.randint(0, 9999),
                  "filenames": [f"/bench/Sources/Module{function_index % 40}/Sub{function_index % 7}/File{function_index % file_index}.swift"],
                  "name": f"$s7Module{function_index % 40}0A4TypeV8function{function_index}yySiF", "regions": regions}
        write(("," if function_index else "") + json.dumps(record, separators=(",", ":")))
        function_index += 1
    summary_totals = {key: count_json(value[0], value[1], key in ("regions", "branches")) for key, value in totals.items()}
    write('],"totals":' + json.dumps(summary_totals, separators=(",", ":")) + '}],"type":"llvm.coverage.json.export","version":"3.0.1"}\n')

print(json.dumps({"files": file_index, "functions": function_index, "bytes": written,
                  "lines": {"count": totals["lines"][0], "covered": totals["lines"][1]}}))
