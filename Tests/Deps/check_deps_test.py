"""tools/check_deps.py can fail: with a package or a Python package left out of the lists it
is given, it names the file, the package and what uses it; with the Makefile's lists it passes.

    python3 Tests/Deps/check_deps_test.py --packages "$(PACKAGES) $(MACHINE_BASE)" --python-packages "$(PYTHON_PACKAGES)"
"""
import argparse
import subprocess
import sys
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OPTIONS = None


def check(packages, python_packages):
    return subprocess.run([sys.executable, str(ROOT / "tools/check_deps.py"), "--packages", " ".join(packages),
                           "--python-packages", " ".join(python_packages)], capture_output=True, text=True)


class CheckDepsTests(unittest.TestCase):
    def test_the_makefiles_lists_pass(self):
        run = check(OPTIONS.packages, OPTIONS.python_packages)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertIn("pinrender-net (release)", run.stdout)
        self.assertIn("pinrenderPackageTests (debug)", run.stdout)

    def test_a_package_left_out_is_named_with_the_file_and_its_user(self):
        run = check([p for p in OPTIONS.packages if p != "poppler-utils"], OPTIONS.python_packages)
        self.assertEqual(run.returncode, 1)
        self.assertRegex(run.stderr, r"Tests/PinRenderTests/PDFExportTests\.swift:\d+ starts pdfinfo: /usr/bin/pdfinfo "
                                     r"is from the package poppler-utils, which make deps does not install")

    def test_a_library_package_left_out_is_named_from_the_link_line(self):
        run = check([p for p in OPTIONS.packages if p != "libqpdf-dev"], OPTIONS.python_packages)
        self.assertEqual(run.returncode, 1)
        self.assertRegex(run.stderr, r"pinrender-net \(release\) links -lqpdf: \S+/libqpdf\.so is from the package libqpdf-dev")

    def test_a_python_package_left_out_is_named_where_it_is_imported(self):
        run = check(OPTIONS.packages, [p for p in OPTIONS.python_packages if p != "websockets"])
        self.assertEqual(run.returncode, 1)
        self.assertRegex(run.stderr, r"Tests/Service/service_test\.py:\d+ imports websockets, from websockets, which make test "
                                     r"does not install")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--packages", required=True)
    parser.add_argument("--python-packages", required=True)
    OPTIONS, rest = parser.parse_known_args()
    OPTIONS.packages = OPTIONS.packages.split()
    OPTIONS.python_packages = OPTIONS.python_packages.split()
    unittest.main(argv=[sys.argv[0]] + rest)
