"""Runs a command with its standard error on a pseudo-terminal (standard output and input
not), and prints what it wrote there, byte for byte; exits with the command's status.

    python3 stderr_on_pty.py pinrender render ... -o out.pdf
"""
import os
import pty
import subprocess
import sys

master, slave = pty.openpty()
process = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=slave)
os.close(slave)
written = b""
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:  # EIO: the command has closed the terminal
        break
    if not chunk:
        break
    written += chunk
os.close(master)
sys.stdout.buffer.write(written)
sys.exit(process.wait())
