"""The `--binary PATH` option of the interchange tests: which pinrender they run."""
import argparse
import pathlib
import sys
import unittest


def main(module_globals):
    """Sets the test module's BINARY from `--binary` (default: its own BINARY), then runs
    its tests with the other arguments."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=module_globals["BINARY"])
    options, rest = parser.parse_known_args()
    module_globals["BINARY"] = str(pathlib.Path(options.binary).resolve())
    unittest.main(argv=[sys.argv[0], *rest])
