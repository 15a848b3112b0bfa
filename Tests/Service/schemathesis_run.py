"""schemathesis against `pinrender serve --demo` (`make test-schemathesis`): every operation
of docs/openapi.json but the WebSocket, generated requests (a fixed seed, so a run can be
repeated), checking that no answer is a 5xx and every answer matches the document (status,
schema, content type, headers). The server runs on 127.0.0.1 and a free port, and stops."""
import shutil
import subprocess
import sys
import tempfile

import service_test

if "--binary" in sys.argv:
    service_test.BINARY = sys.argv[sys.argv.index("--binary") + 1]
data = tempfile.mkdtemp(prefix="pinservice-st-")
server = service_test.Server(data, "--demo")
try:
    run = subprocess.run(
        ["st", "run", f"{server.url}/v1/openapi.json", "--checks",
         "not_a_server_error,response_schema_conformance,status_code_conformance,content_type_conformance,"
         "response_headers_conformance", "--max-examples", "40", "--seed", "1", "--exclude-operation-id", "events",
         # A bound against a hang, not a judgement of speed: a render of a 10,158 px page
         # took longer than schemathesis's 10 s default on a loaded machine.
         "--request-timeout", "120"],
        timeout=850, cwd=data)
    alive = server.proc.poll() is None
finally:
    server.stop()
    shutil.rmtree(data, ignore_errors=True)
if not alive:
    sys.exit("the server stopped during the run")
sys.exit(run.returncode)
