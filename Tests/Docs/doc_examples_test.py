#!/usr/bin/env python3
"""Runs every shell example of README.md and docs/**/*.md, so that a page that drifts from
the program fails the tests.

    python3 Tests/Docs/doc_examples_test.py [--binary-dir .build/debug] [FILE.md ...]

What runs: each fenced block whose info string is `sh` or `bash`. Any other block (`text`,
`json`, `swift`, ...) is left alone: a block that needs a server or the network is fenced
`text`. One rule skips a shell block: the README's first block is the newcomer's
`make demo` / `make test` (and `make install` is shown the same way); these rebuild and
install the whole project, which is what `make test` itself is doing, so a block whose every
command line starts with `make` is skipped and counted as such. bench/ is not read.

How it runs: each Markdown file gets a scratch folder holding a copy of the repository's
`samples/`, so the examples read `samples/...` as a newcomer in a clone does, and write
where they like without touching the checkout. The file's blocks run there in the order of
the page (a later block may use what an earlier one wrote), each as its own
`bash -euo pipefail`, with standard input empty, the debug build's folder first on PATH
(`pinrender` and `pinrender-net` from `swift build`), and `CI` and `PINRENDER_RECORD` unset,
as in a newcomer's shell. Every block must exit with status 0.

A failure names the file and the line of the block's opening fence, with the block's exit
status and the end of its output; every block runs even after one failed, and the script
exits 1 if any did. Before the pages it checks itself on two made-up pages, so that a runner
that stopped finding or failing blocks cannot pass.
"""

import argparse
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
RUN_LANGUAGES = {"sh", "bash"}
# A block that hangs is stopped and reported; no example of the pages takes more than a few
# seconds (this bounds a hang, not the speed of the machine).
BLOCK_TIMEOUT = 600
OUTPUT_LINES = 40
FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>[^`]*)$")
MAKE_LINE = re.compile(r"^make(\s|$)")


class Block:
    """One fenced code block: where it opens, its language, its text."""

    def __init__(self, path, line, language, text):
        self.path, self.line, self.language, self.text = path, line, language, text

    @property
    def runs(self):
        return self.language in RUN_LANGUAGES

    @property
    def is_make_only(self):
        """Whether every command line (comments and blank lines aside) starts with `make`.

        The skip rule: such a block (the README's `make demo` / `make test` at the top, `make
        install`) builds, tests or installs the whole project, which is what `make test` is
        running this from; it is not run. A block mixing `make` with other commands runs."""
        commands = [line.strip() for line in self.text.splitlines()]
        commands = [line for line in commands if line and not line.startswith("#")]
        return bool(commands) and all(MAKE_LINE.match(line) for line in commands)


def blocks(path):
    """The fenced code blocks of a Markdown file, in order (CommonMark's fences: three or
    more backticks or tildes, closed by a fence of the same character at least as long;
    the opening fence's indentation is taken off the lines inside)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found = []
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if not opening:
            index += 1
            continue
        fence, indent = opening.group("fence"), len(opening.group("indent"))
        words = opening.group("info").split()
        language = words[0].lower() if words else ""
        body = []
        index += 1
        start = index
        while index < len(lines):
            closing = FENCE.match(lines[index])
            if (closing and closing.group("fence")[0] == fence[0] and len(closing.group("fence")) >= len(fence)
                    and not closing.group("info").strip()):
                break
            line = lines[index]
            body.append(line[indent:] if line[:indent].strip() == "" else line.lstrip())
            index += 1
        found.append(Block(path, start, language, "\n".join(body) + "\n"))
        index += 1
    return found


def pages(root):
    """README.md and every page under docs/, in a fixed order."""
    return [root / "README.md"] + sorted((root / "docs").rglob("*.md"))


def run_page(path, samples, bin_dir, root, report):
    """Runs the shell blocks of one page in a scratch folder of its own; returns
    (ran, skipped, failures), each failure one message."""
    ran, skipped, failures = 0, 0, []
    shell_blocks = [block for block in blocks(path) if block.runs]
    if not shell_blocks:
        return ran, skipped, failures
    with tempfile.TemporaryDirectory(prefix="pinrender-doc-") as scratch:
        if samples is not None:
            shutil.copytree(samples, pathlib.Path(scratch) / "samples")
        # A newcomer's shell: no CI (under which a snapshot example could record nothing) and no
        # record mode of the caller's.
        env = {key: value for key, value in os.environ.items() if key not in ("CI", "PINRENDER_RECORD")}
        if bin_dir is not None:
            env["PATH"] = str(bin_dir) + os.pathsep + env.get("PATH", "")
        for block in shell_blocks:
            where = f"{path.relative_to(root)}:{block.line}"
            if block.is_make_only:
                skipped += 1
                report(f"skip {where} (make only)")
                continue
            ran += 1
            try:
                done = subprocess.run(["bash", "-euo", "pipefail", "-c", block.text], cwd=scratch, env=env,
                                      stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                      timeout=BLOCK_TIMEOUT)
                status, output = done.returncode, done.stdout
            except subprocess.TimeoutExpired as expired:
                status, output = f"none: still running after {BLOCK_TIMEOUT} s, stopped", expired.stdout or b""
            if status == 0:
                report(f"ok   {where}")
                continue
            tail = output.decode("utf-8", "replace").splitlines()[-OUTPUT_LINES:]
            failures.append(f"{where}: the ```{block.language} block exited with status {status}\n"
                            + "".join(f"    | {line}\n" for line in block.text.splitlines())
                            + "  output (last lines):\n" + "".join(f"    > {line}\n" for line in tail))
            report(f"FAIL {where}")
    return ran, skipped, failures


def self_test():
    """The runner finds, skips and fails blocks as it says, on two made-up pages."""
    with tempfile.TemporaryDirectory(prefix="pinrender-doc-self-") as directory:
        root = pathlib.Path(directory)
        (root / "docs").mkdir()
        (root / "README.md").write_text("# x\n\n```sh\nmake demo   # builds\nmake test\n```\n\n"
                                        "```sh\necho one > made.txt\n```\n\n```text\nexit 3\n```\n\n"
                                        "- a list\n\n  ```bash\n  test \"$(cat made.txt)\" = one\n  ```\n")
        (root / "docs" / "PAGE.md").write_text("# y\n\n````sh\ntrue\n````\n\n~~~sh\nfalse | true\n~~~\n"
                                                "\n```sh\nmake demo\nfalse\n```\n")
        results = [run_page(page, None, None, root, lambda _: None) for page in pages(root)]
        (ran_readme, skipped_readme, failed_readme), (ran_page, skipped_page, failed_page) = results
        problems = []
        if (ran_readme, skipped_readme, failed_readme) != (2, 1, []):
            problems.append(f"README.md: ran {ran_readme}, skipped {skipped_readme}, failures {failed_readme}")
        if (ran_page, skipped_page) != (3, 0) or len(failed_page) != 2:
            problems.append(f"docs/PAGE.md: ran {ran_page}, skipped {skipped_page}, failures {failed_page}")
        elif not (failed_page[0].startswith("docs/PAGE.md:7: ") and failed_page[1].startswith("docs/PAGE.md:11: ")):
            problems.append("the failures do not name docs/PAGE.md:7 and :11: " + " / ".join(failed_page))
        return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=pathlib.Path, help="pages to run (default: README.md and docs/**/*.md)")
    parser.add_argument("--binary-dir", type=pathlib.Path, default=ROOT / ".build" / "debug",
                        help="the folder put first on PATH (default: .build/debug)")
    parser.add_argument("--verbose", action="store_true", help="a line per block")
    args = parser.parse_args()

    problems = self_test()
    if problems:
        print("doc_examples_test: the runner itself is broken:\n  " + "\n  ".join(problems), file=sys.stderr)
        return 1
    bin_dir = args.binary_dir.resolve()
    missing = [name for name in ("pinrender", "pinrender-net") if not os.access(bin_dir / name, os.X_OK)]
    if missing:
        print(f"doc_examples_test: no {' or '.join(missing)} in {bin_dir}: build them first "
              "(swift build --product pinrender && swift build --product pinrender-net)", file=sys.stderr)
        return 1
    files = [path.resolve() for path in args.files] or pages(ROOT)
    report = print if args.verbose else (lambda _: None)
    ran = skipped = 0
    failures = []
    for path in files:
        page_ran, page_skipped, page_failures = run_page(path, ROOT / "samples", bin_dir, ROOT, report)
        ran, skipped, failures = ran + page_ran, skipped + page_skipped, failures + page_failures
    readme_blocks = [block for block in blocks(ROOT / "README.md") if block.runs and not block.is_make_only]
    if not args.files and not readme_blocks:
        failures.append("README.md: no ```sh block to run besides the make lines: the runner found nothing")
    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"doc_examples_test: {ran} shell blocks run in {len(files)} pages, {skipped} skipped (make only), "
          f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
