#!/usr/bin/env python3
"""make check-deps: everything the build, the programs and the tests use is installed by `make deps`.

A fresh Debian machine of the project's kind has the Swift toolchain (/opt/swift), gcc, git,
make and CPython with pip, and Debian's essential set. `make deps` installs the Makefile's
PACKAGES, and `make test` the Python packages of PYTHON_PACKAGES into its own environment.
Whatever else the build or the tests use worked only because somebody installed it by hand.
This checks, on the machine it runs on:

- every `-l` of the link lines of the built products (pinrender, pinrender-net, the test
  bundle; debug and release, whichever are built), as the linker resolves it;
- every shared library those files load (ldd);
- every program the tests start (named in Tests/: /usr/bin/... in Swift, the argument lists of
  subprocess in Python, shutil.which) and every Python module the tests import;

and prints one line per file that comes from a Debian package outside what `make deps` installs
(with its dependencies), Debian's essential set, the machine's base and the toolchain.

    tools/check_deps.py --packages "$(PACKAGES)" --python-packages "$(PYTHON_PACKAGES)"
"""
import argparse
import ast
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOLCHAIN = Path("/opt/swift")
# What a fresh machine of the project's kind has besides Debian's essential set (and what
# test-fresh installs in its throwaway root before the clone): see tools/test_fresh.sh.
MACHINE_BASE = ["gcc", "g++", "make", "git", "ca-certificates", "python3", "python3-pip", "python3-venv"]
PRODUCTS = ["pinrender", "pinrender-net"]
TEST_BUNDLE = "pinrenderPackageTests"


def which(name):
    """`name` on PATH, the folder of the Python running this first (the tests' environment)."""
    return shutil.which(name, path=os.pathsep.join([os.path.dirname(sys.executable), os.environ.get("PATH", "")]))


def dpkg_query(*arguments):
    return subprocess.run(["dpkg-query", *arguments], capture_output=True, text=True).stdout


class Packages:
    """The installed Debian packages, their dependencies, and the closure that is allowed."""

    def __init__(self, roots):
        self.depends, self.provides, self.essential = {}, {}, []
        for line in dpkg_query("-W", "-f", "${Package}\t${Status}\t${Essential}\t${Depends}, ${Pre-Depends}\t${Provides}\n").splitlines():
            name, status, essential, depends, provides = line.split("\t")
            if not status.endswith(" installed"):
                continue
            self.depends[name] = [alternative.split()[0].split(":")[0]
                                  for group in depends.split(",") for alternative in group.split("|") if alternative.strip()]
            for provided in provides.split(","):
                if provided.strip():
                    self.provides.setdefault(provided.split()[0], []).append(name)
            if essential == "yes":
                self.essential.append(name)
        self.roots = set(roots)
        self.allowed = self.closure(list(roots) + self.essential + MACHINE_BASE)

    def closure(self, roots):
        seen, todo = set(), list(roots)
        while todo:
            name = todo.pop()
            for real in [name] + self.provides.get(name, []):
                if real in self.depends and real not in seen:
                    seen.add(real)
                    todo.extend(self.depends[real])
        return seen


class Files:
    """Which package installed each file, from dpkg's lists (one `dpkg -S` a file takes a second)."""

    def __init__(self):
        self.owners = {}
        for listing in Path("/var/lib/dpkg/info").glob("*.list"):
            package = listing.stem.split(":")[0]
            for line in listing.read_text(errors="replace").splitlines():
                self.owners.setdefault(line, package)

    def owner(self, path):
        """The package of `path` (merged /usr: the file may be listed under /lib or /usr/lib)."""
        real = os.path.realpath(path)
        for candidate in [path, real]:
            for variant in [candidate, candidate[4:] if candidate.startswith("/usr/") else "/usr" + candidate]:
                if variant in self.owners:
                    return self.owners[variant]
        return None

    def named(self, base):
        """An installed file `*/bin/base`, or None."""
        return next((f for f in self.owners if f.endswith("/bin/" + base) and os.path.exists(f)), None)


class Check:
    def __init__(self, packages, python_packages):
        self.packages = packages
        self.files = Files()
        self.python_packages = python_packages
        self.problems = []

    def file(self, path, why):
        """`path`, needed because of `why`, must come from the toolchain, the checkout or an allowed package."""
        real = os.path.realpath(path)
        if real.startswith(str(TOOLCHAIN) + "/") or real.startswith(str(ROOT) + "/"):
            return
        package = self.files.owner(path)
        if package is None:
            self.problems.append(f"{why}: {path} is from no Debian package: make deps cannot install it")
        elif package not in self.packages.allowed:
            self.problems.append(f"{why}: {path} is from the package {package}, which make deps does not install "
                                 f"(add {package} to PACKAGES in the Makefile, or stop using it)")

    # Link lines and shared libraries.

    def built(self):
        """(configuration, product, output file, link arguments or None) of every built product.

        A configuration's manifest holds the link lines of what its last `swift build` built:
        after `--product pinrender-net`, not pinrender's (whose libraries are a subset)."""
        for configuration in ["debug", "release"]:
            manifest = ROOT / ".build" / f"{configuration}.yaml"
            text = manifest.read_text() if manifest.exists() else ""
            for product in PRODUCTS + [TEST_BUNDLE]:
                kind = "test" if product == TEST_BUNDLE else "exe"
                output = ROOT / ".build" / configuration / (product + (".xctest" if kind == "test" else ""))
                match = re.search(rf'"C\.{re.escape(product)}-[^"-]+-unknown-linux-gnu-{configuration}\.{kind}":\n(?:    .*\n)*?    args: (\[.*\])\n', text)
                if output.exists():
                    yield configuration, product, str(output), json.loads(match.group(1)) if match else None

    def link_line(self, arguments):
        """The linker's own command line for `arguments` (swiftc -v, writing to a scratch file)."""
        arguments = list(arguments)
        with tempfile.TemporaryDirectory() as scratch:
            arguments[arguments.index("-o") + 1] = os.path.join(scratch, "linked")
            run = subprocess.run(arguments + ["-v"], capture_output=True, text=True, cwd=ROOT)
        if run.returncode != 0:
            errors = [line for line in run.stderr.splitlines() if "error:" in line] or ["(no message)"]
            self.problems.append(f"linking {arguments[arguments.index('-o') + 1]} again failed: {errors[-1].strip()}")
            return []
        lines = [line for line in run.stderr.splitlines() if " -l" in line and ("ld" in line.split()[0] or "clang" in line.split()[0])]
        return lines[-1].split() if lines else []

    def libraries(self, configuration, product, output, arguments):
        words = self.link_line(arguments) if arguments else []
        directories = [w[2:] for w in words if w.startswith("-L") and len(w) > 2]
        directories += [words[i + 1] for i, w in enumerate(words[:-1]) if w == "-L"]
        for name in dict.fromkeys(w[2:] for w in words if w.startswith("-l") and len(w) > 2):
            files = [os.path.join(d, f"lib{name}{suffix}") for d in directories for suffix in (".so", ".a")]
            found = next((f for f in files if os.path.exists(f)), None)
            why = f"{product} ({configuration}) links -l{name}"
            if found is None:
                self.problems.append(f"{why}: no lib{name}.so or lib{name}.a in its library folders: "
                                     "make deps installs no package with it")
            else:
                self.file(found, why)
        for line in subprocess.run(["ldd", output], capture_output=True, text=True).stdout.splitlines():
            match = re.match(r"\s*(\S+) => (\S+)", line)
            if match and match.group(2) == "not":
                self.problems.append(f"{product} ({configuration}) loads {match.group(1)}, which is not on this machine")
            elif match:
                self.file(match.group(2), f"{product} ({configuration}) loads {match.group(1)}")

    # Programs and Python modules of the tests.

    def test_sources(self, suffix):
        return sorted(p for p in (ROOT / "Tests").rglob(f"*{suffix}") if "__Snapshots__" not in p.parts)

    def programs(self):
        """(program, where) for every program the tests start."""
        patterns = {
            ".swift": [r'"(/(?:usr/)?s?bin/[\w.+-]+)"', r'Support\.tool\("([\w.+-]+)"', r'"/usr/bin/env",\s*\["([\w.+-]+)"'],
            ".py": [r'(?:run|Popen|check_output|check_call|call)\(\s*(?:self\.sudo \+ )?\[\s*f?"([^"{]*?(?:\{[^}]*\}/)?[\w.+-]+)"',
                    r'which\("([\w.+-]+)"\)'],
        }
        for suffix, expressions in patterns.items():
            for path in self.test_sources(suffix):
                text = path.read_text(errors="replace")
                for expression in expressions:
                    for match in re.finditer(expression, text):
                        line = text.count("\n", 0, match.start()) + 1
                        yield match.group(1), f"{path.relative_to(ROOT)}:{line}"

    def program(self, name, where):
        base = name.rsplit("/", 1)[-1]
        if "{" in name or not name.startswith("/"):
            found = which(base)
            found = found or self.files.named(base)
        else:
            found = name if os.path.exists(name) else None
        if found is None:
            self.problems.append(f"{where} starts {base}, which is not on this machine: make deps installs no package with it")
            return
        # The machine's Python (pyenv, or the environment make test makes) and the project's own programs.
        if base.startswith("python") and which(base) and not found.startswith("/usr/"):
            return
        self.file(found, f"{where} starts {base}")

    def python_modules(self):
        """(module, where) for every top-level module a Python file of the tests imports."""
        # The samples' generators are modules the tests import (make_revisions) too.
        sources = self.test_sources(".py") + sorted((ROOT / "samples").glob("*.py"))
        local = {p.stem for p in sources}
        for path in sources:
            try:
                tree = ast.parse(path.read_text())
            except SyntaxError as error:
                self.problems.append(f"{path.relative_to(ROOT)}:{error.lineno}: not Python 3: {error.msg}")
                continue
            for node in ast.walk(tree):
                names = []
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                for name in names:
                    top = name.split(".")[0]
                    if top not in local:
                        yield top, f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in self.test_sources(".swift"):
            text = path.read_text(errors="replace")
            for match in re.finditer(r'python3"\]?,?\s*\[?\s*"-c",\s*"""(.*?)"""|python3",\s*"-c",\s*"(?:import|from) (\w+)', text, re.S):
                line = text.count("\n", 0, match.start()) + 1
                source = match.group(1) or f"import {match.group(2)}"
                for found in re.finditer(r"^\s*(?:import|from)\s+(\w+)", source, re.M):
                    yield found.group(1), f"{path.relative_to(ROOT)}:{line}"

    def python_module(self, module, where, distributions):
        if module in sys.stdlib_module_names:
            return
        providers = distributions.get(module)
        if not providers:
            self.problems.append(f"{where} imports {module}, which is not installed for the tests' Python "
                                 f"(add its package to PYTHON_PACKAGES in the Makefile)")
            return
        if not any(provider.lower() in self.python_packages for provider in providers):
            self.problems.append(f"{where} imports {module}, from {', '.join(providers)}, which make test does not "
                                 f"install (add it to PYTHON_PACKAGES in the Makefile)")


def requirement_closure(names):
    """The Python distributions `names` bring, their requirements included (extras left out)."""
    seen, todo = set(), [n.lower() for n in names]
    while todo:
        name = todo.pop().replace("_", "-")
        if name in seen:
            continue
        seen.add(name)
        try:
            requirements = importlib.metadata.requires(name) or []
        except importlib.metadata.PackageNotFoundError:
            continue
        for requirement in requirements:
            if "extra ==" not in requirement:
                todo.append(re.split(r"[ ;<>=!~\[(]", requirement.strip(), maxsplit=1)[0])
    return seen


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--packages", required=True, help="the Makefile's PACKAGES")
    parser.add_argument("--python-packages", required=True, help="the Makefile's PYTHON_PACKAGES")
    options = parser.parse_args()
    packages = Packages(options.packages.split())
    python_packages = requirement_closure(options.python_packages.split())
    check = Check(packages, {name.replace("_", "-") for name in python_packages})

    for name in sorted(packages.roots):
        if name not in packages.depends:
            check.problems.append(f"Makefile: PACKAGES names {name}, which is not installed (run make deps)")
    linked = list(check.built())
    if not linked:
        check.problems.append("nothing is built: run make build and swift build --build-tests first")
    for configuration, product, output, arguments in linked:
        check.libraries(configuration, product, output, arguments)
    for name, where in dict.fromkeys(check.programs()):
        check.program(name, where)
    distributions = {module: [d.replace("_", "-") for d in names]
                     for module, names in importlib.metadata.packages_distributions().items()}
    for module, where in dict.fromkeys(check.python_modules()):
        check.python_module(module, where, distributions)

    for problem in dict.fromkeys(check.problems):
        print(f"check-deps: {problem}", file=sys.stderr)
    if check.problems:
        return 1
    checked = ", ".join(f"{product} ({configuration}{'' if arguments else ': loaded libraries'})"
                        for configuration, product, _, arguments in linked)
    print(f"check-deps: every library, program and Python module is installed by make deps or make test ({checked})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
