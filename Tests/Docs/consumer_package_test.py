#!/usr/bin/env python3
"""The README's snapshot test, tried as a new user tries it: in a package of its own that
depends on this checkout.

    python3 Tests/Docs/consumer_package_test.py [--keep]

It reads the README's two Swift blocks (not copies of them): the one that starts with
`// swift-tools-version` is the user's Package.swift, the one that imports PinSnapshot is
the test, written where its first comment line says (`// Tests/PlanTests/PlanTests.swift`).
In a scratch folder it lays them out as the README assumes, the user's package beside a
clone of pinrender (`pinrender/`, here a symbolic link to this checkout, so the README's
`.package(path: "../pinrender")` and its sample paths work as written), builds the tests
once (`swift build --build-tests --scratch-path` inside the scratch folder: pinrender is
compiled again from scratch, several minutes on two cores), then runs `swift test
--skip-build` three times:

1. no reference yet: the test records it and fails, saying so;
2. the reference recorded: the test passes;
3. the reference replaced by another page's drawing (the plan with other pins, same size):
   the test fails, naming the difference.

`CI` and `PINRENDER_RECORD` are taken out of the runs' environment: under CI a missing
reference is a failure and is never recorded, which is what a user's first run is not.
Exits 1 with what went wrong, naming the step.
"""

import argparse
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
SWIFT_BLOCK = re.compile(r"^```swift[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
# The swift build runs once; a hang is stopped (this bounds a hang, not the machine's speed).
BUILD_TIMEOUT = 3600
TEST_TIMEOUT = 900


class Failure(Exception):
    pass


def readme_blocks():
    """The README's Package.swift and its test file: (manifest, test path, test source)."""
    blocks = SWIFT_BLOCK.findall(README.read_text(encoding="utf-8"))
    manifests = [block for block in blocks if block.startswith("// swift-tools-version")]
    tests = [block for block in blocks if re.search(r"^import PinSnapshot$", block, re.MULTILINE)]
    if len(manifests) != 1 or len(tests) != 1:
        raise Failure(f"README.md: expected one ```swift block starting with // swift-tools-version and one importing "
                      f"PinSnapshot, found {len(manifests)} and {len(tests)}")
    first = tests[0].splitlines()[0]
    path = re.fullmatch(r"// (Tests/\S+\.swift)", first.strip())
    if not path:
        raise Failure(f"README.md: the PinSnapshot block should open with the test file's path (// Tests/.../X.swift), "
                      f"not {first!r}")
    return manifests[0], path.group(1), tests[0]


def run(step, command, cwd, env, timeout):
    """Runs `command`; returns (status, output)."""
    started = time.monotonic()
    try:
        done = subprocess.run(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Failure(f"{step}: {' '.join(command)} still running after {timeout} s, stopped")
    print(f"consumer_package_test: {step}: exit {done.returncode} in {time.monotonic() - started:.0f} s", flush=True)
    return done.returncode, done.stdout.decode("utf-8", "replace")


def tail(output, lines=40):
    return "".join(f"    > {line}\n" for line in output.splitlines()[-lines:])


def check(scratch):
    manifest, test_path, test_source = readme_blocks()
    (scratch / "pinrender").symlink_to(ROOT, target_is_directory=True)
    package = scratch / "consumer"
    (package / test_path).parent.mkdir(parents=True)
    (package / "Package.swift").write_text(manifest, encoding="utf-8")
    (package / test_path).write_text(test_source, encoding="utf-8")
    build = scratch / "build"
    env = {key: value for key, value in os.environ.items() if key not in ("CI", "PINRENDER_RECORD")}
    env["PINRENDER_ARTIFACTS"] = str(scratch / "artifacts")

    status, output = run("build", ["swift", "build", "--build-tests", "--scratch-path", str(build)], package, env,
                         BUILD_TIMEOUT)
    if status != 0:
        raise Failure("the README's package and test do not build:\n" + tail(output))
    test = ["swift", "test", "--skip-build", "--scratch-path", str(build)]

    status, output = run("run 1 (no reference)", test, package, env, TEST_TIMEOUT)
    references = sorted((package / test_path).parent.glob("__Snapshots__/*/*.png"))
    if status == 0 or "recorded a new snapshot at" not in output or len(references) != 1:
        raise Failure(f"run 1 should record the reference and fail saying so; exit {status}, references "
                      f"{[str(path) for path in references]}:\n" + tail(output))

    status, output = run("run 2 (reference recorded)", test, package, env, TEST_TIMEOUT)
    if status != 0:
        raise Failure("run 2 should pass against the reference run 1 recorded:\n" + tail(output))

    # Another drawing of the same size: the plan's first page with other pins, at the
    # snapshot's default size (150 dpi).
    other = scratch / "other.png"
    status, output = run("another drawing", [str(ROOT / ".build" / "debug" / "pinrender"), "render",
                                             str(ROOT / "samples" / "demo" / "floorplan.pdf"), "--pins",
                                             str(ROOT / "samples" / "pins" / "floorplan-crowd.json"), "--page", "1",
                                             "-o", str(other)], scratch, env, TEST_TIMEOUT)
    if status != 0:
        raise Failure("could not draw the other reference with .build/debug/pinrender:\n" + tail(output))
    shutil.copyfile(other, references[0])
    status, output = run("run 3 (reference differs)", test, package, env, TEST_TIMEOUT)
    if status == 0 or "pixels differ" not in output:
        raise Failure(f"run 3 should fail naming the differing pixels; exit {status}:\n" + tail(output))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", action="store_true", help="leave the scratch folder and say where")
    args = parser.parse_args()
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="pinrender-consumer-"))
    try:
        check(scratch)
    except Failure as failure:
        print(f"consumer_package_test: {failure}", file=sys.stderr)
        return 1
    finally:
        if args.keep:
            print(f"consumer_package_test: scratch folder kept: {scratch}")
        else:
            shutil.rmtree(scratch, ignore_errors=True)
    print("consumer_package_test: the README's snapshot test records, fails saying so, passes, and fails on a difference")
    return 0


if __name__ == "__main__":
    sys.exit(main())
