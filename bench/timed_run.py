"""One command timed by /usr/bin/time -v, for the `make bench` scripts."""
import re
import subprocess
import sys


def measure(command, statuses=(0,), env=None):
    """Wall seconds, CPU seconds (user + system) and peak kilobytes of one run; exits when
    the command's status is not among `statuses`."""
    result = subprocess.run(["/usr/bin/time", "-v"] + command, capture_output=True, text=True, env=env)
    if result.returncode not in statuses:
        sys.exit(f"failed ({result.returncode}): {' '.join(command)}\n{result.stderr[-2000:]}")
    wall = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)", result.stderr)
    h, m, s = wall.group(1), wall.group(2), wall.group(3)
    seconds = (int(h) * 3600 if h else 0) + int(m) * 60 + float(s)
    cpu = sum(float(re.search(rf"{kind} time \(seconds\): ([\d.]+)", result.stderr).group(1)) for kind in ("User", "System"))
    peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1))
    return seconds, cpu, peak
