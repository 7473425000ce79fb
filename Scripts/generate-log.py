#!/usr/bin/env python3
"""Writes a large synthetic test log for the parse benchmark.

Forms: `xcodebuild` (Apple: build steps with long compiler commands, `-[Module.Class method]` lines,
UI-test activity, xcodebuild chatter) and `linux` (swift build progress, corelibs-xctest lines).
Both hold a fixed suite of distinct tests (default 30,000 in 600 classes) run in repeated passes
between build sections, with failures, skips, suite summaries and test-printed output, until the
file reaches the requested size. Deterministic (seeded), so runs compare.

With `--distinct`, every pass runs new classes (`Checkout<pass>x<class>Tests`), so every test in the file is a
distinct test, and tests print little and build output is a small share: ~1 million distinct tests in 200 MB,
as a large monorepo's CI log or a merged history has.
"""
import argparse
import random

def build_section(out, form, rng, budget):
    written = 0
    step = 0
    while written < budget:
        step += 1
        module = f"Feature{step % 97}"
        file = f"/Users/ci/work/App/Sources/{module}/Component{step}.swift"
        if form == "xcodebuild":
            lines = [
                f"CompileSwift normal arm64 {file} (in target '{module}' from project 'App')",
                "    cd /Users/ci/work/App",
                "    /Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/bin/swift-frontend -frontend -c "
                + " ".join(f"/Users/ci/work/App/Sources/{module}/Other{i}.swift" for i in range(rng.randint(4, 14)))
                + f" -primary-file {file} -emit-dependencies-path /Users/ci/Library/Developer/Xcode/DerivedData/App/Build/"
                "Intermediates.noindex/App.build/Debug-iphonesimulator/App.build/Objects-normal/arm64/Component.d -target "
                "arm64-apple-ios17.0-simulator -enable-objc-interop -sdk /Applications/Xcode.app/Contents/Developer/Platforms/"
                "iPhoneSimulator.platform/Developer/SDKs/iPhoneSimulator17.5.sdk -Onone -enable-testing -module-name App",
                "",
            ]
            if step % 50 == 0:
                lines += [f"Ld /Users/ci/Library/Developer/Xcode/DerivedData/App/Build/Products/Debug-iphonesimulator/{module}.o normal",
                          "    cd /Users/ci/work/App", "    /usr/bin/clang -Xlinker -reproducible -target arm64-apple-ios17.0-simulator", ""]
        else:
            lines = [f"[{step}/{step + 400}] Compiling {module} Component{step}.swift"]
            if step % 40 == 0:
                lines.append(f"{file}:{rng.randint(1, 300)}:{rng.randint(1, 40)}: warning: variable 'unused' was never mutated; consider changing to 'let' constant")
                lines.append(f"{rng.randint(1, 300):4d} |         var unused = 1")
                lines.append("     |             `- warning: variable 'unused' was never mutated; consider changing to 'let' constant")
        text = "\n".join(lines) + "\n"
        out.write(text)
        written += len(text)
    return written

def test_pass(out, form, rng, classes, per_class, iteration, distinct):
    written = 0
    def emit(line):
        nonlocal written
        out.write(line)
        out.write("\n")
        written += len(line) + 1
    stamp = f"2026-11-22 04:{iteration % 60:02d}:00.000"
    dot = "." if form == "xcodebuild" else ""
    emit(f"Test Suite 'All tests' started at {stamp}{dot}")
    emit(f"Test Suite 'AppTests.xctest' started at {stamp}{dot}")
    all_failures = all_skips = 0
    for c in range(classes):
        cls = f"Checkout{iteration}x{c}Tests" if distinct else f"Checkout{c}Tests"
        emit(f"Test Suite '{cls}' started at {stamp}{dot}")
        failures = skips = 0
        for t in range(per_class):
            method = f"testScenario{t}" if distinct else f"testScenario{t}WithSomeDescriptiveName"
            name = f"-[AppTests.{cls} {method}]" if form == "xcodebuild" else f"{cls}.{method}"
            emit(f"Test Case '{name}' started." if form == "xcodebuild" else f"Test Case '{name}' started at {stamp}")
            roll = rng.random()
            for _ in range(rng.choice((0, 0, 0, 0, 0, 0, 1) if distinct else (0, 1, 2, 3, 3, 4, 5))):
                if form == "xcodebuild":
                    emit(f"    t =     {rng.random() * 9:.2f}s Tap \"Continue\" Button")
                else:
                    emit(f"cart total for scenario {t}: {rng.randint(1, 9999)} cents")
            duration = f"{rng.random() / 10:.3f}"
            status = "passed"
            if roll < 0.05:
                failures += 1
                status = "failed"
                emit(f"/Users/ci/work/App/Tests/AppTests/{cls}.swift:{rng.randint(10, 400)}: error: {name} : "
                     f"XCTAssertEqual failed: (\"{rng.randint(1, 99)}\") is not equal to (\"{rng.randint(100, 199)}\") - totals differ")
            elif roll < 0.08:
                skips += 1
                status = "skipped"
                emit(f"/Users/ci/work/App/Tests/AppTests/{cls}.swift:{rng.randint(10, 400)}: {name} : Test skipped - needs a payment sandbox")
            emit(f"Test Case '{name}' {status} ({duration} seconds){dot}")
        verdict = "failed" if failures else "passed"
        emit(f"Test Suite '{cls}' {verdict} at {stamp}{dot}")
        emit(f"\t Executed {per_class} tests, with {skips} tests skipped and {failures} failures (0 unexpected) in 0.500 (0.510) seconds")
        all_failures += failures
        all_skips += skips
    # The bundle's and the run's totals, as XCTest prints them: what smokerun's reconciliation reads.
    verdict = "failed" if all_failures else "passed"
    totals = (f"\t Executed {classes * per_class} tests, with {all_skips} tests skipped and {all_failures} failures "
              f"(0 unexpected) in {classes * 0.5:.3f} ({classes * 0.51:.3f}) seconds")
    emit(f"Test Suite 'AppTests.xctest' {verdict} at {stamp}{dot}")
    emit(totals)
    emit(f"Test Suite 'All tests' {verdict} at {stamp}{dot}")
    emit(totals)
    return written

def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--form", choices=("xcodebuild", "linux"), required=True)
    parser.add_argument("--size-mb", type=float, default=200)
    parser.add_argument("--classes", type=int, default=600)
    parser.add_argument("--tests-per-class", type=int, default=50)
    parser.add_argument("--build-share", type=float, default=None,
                        help="fraction of the bytes that are build output (default 0.4, 0.05 with --distinct)")
    parser.add_argument("--distinct", action="store_true",
                        help="every pass runs new classes: every test distinct, little printed output")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    build_share = args.build_share if args.build_share is not None else (0.05 if args.distinct else 0.4)
    sections = 36 if args.distinct else 4  # build output between passes: about as many sections as passes
    rng = random.Random(20261122)
    target = int(args.size_mb * 1_000_000)
    written = 0
    iteration = 0
    with open(args.out, "w", buffering=1 << 20) as out:
        while written < target:
            written += build_section(out, args.form, rng, int(target * build_share / sections))
            if written >= target:
                break
            written += test_pass(out, args.form, rng, args.classes, args.tests_per_class, iteration, args.distinct)
            iteration += 1
        out.write("** TEST FAILED **\n" if args.form == "xcodebuild" else "error: fatalError\n")
    tests = args.classes * args.tests_per_class
    distinct = tests * iteration if args.distinct else tests
    print(f"{args.out}: {written / 1e6:.1f} MB, {iteration} test passes over {tests} tests, {distinct} distinct")

if __name__ == "__main__":
    main()
