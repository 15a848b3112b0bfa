"""Writes Sources/PinService/OpenAPIDocument.swift from docs/openapi.json (`make openapi`):
the served document is compiled in, and OpenAPIDocumentTests checks the two are the same."""
import json
import pathlib

root = pathlib.Path(__file__).resolve().parents[2]
text = (root / "docs/openapi.json").read_text()
json.loads(text)
assert '"""#' not in text
(root / "Sources/PinService/OpenAPIDocument.swift").write_text(
    "// Generated from docs/openapi.json by `make openapi`; edit that file, not this one.\n\n"
    "/// The API's OpenAPI 3.1 document, served at `/v1/openapi.json`.\n"
    "public enum OpenAPIDocument {\n"
    "    public static let json = #\"\"\"\n" + text.rstrip("\n") + "\n\"\"\"#\n}\n")
