#!/usr/bin/env python3
"""Writes Sources/APICheckContracts/Contract/OpenAPISchemas.swift: the OpenAPI Initiative's JSON Schemas of
OpenAPI 3.1 (2022-10-07) and 3.2 (2025-11-23) documents, which check a vendor-sized description's structure
(OpenAPIStructure.swift).

The schemas are the OpenAPI Initiative's (https://spec.openapis.org/oas/3.1/schema/2022-10-07 and
https://spec.openapis.org/oas/3.2/schema/2025-11-23, Apache License 2.0), as openapi-spec-validator 0.9.0 ships them
(pip download openapi-spec-validator==0.9.0; its openapi_spec_validator/resources/schemas/v3.1 and v3.2):

    python3 Scripts/openapi-schemas.py v3.1/schema.json v3.2/schema.json && Scripts/format.sh

One change: each `format` is left out. The schemas declare JSON Schema 2020-12, where a format is an annotation
unless a format-assertion vocabulary is declared (they declare none); apicheck's compiler asserts `uri`, `date` and
`date-time` for contracts, so keeping them would refuse what the schemas' authors allow (a relative url).
"""
import json
import sys


def without_formats(value):
    if isinstance(value, dict):
        return {k: without_formats(v) for k, v in value.items() if not (k == "format" and isinstance(v, str))}
    if isinstance(value, list):
        return [without_formats(v) for v in value]
    return value


def literal(path):
    with open(path, encoding="utf-8") as handle:
        schema = without_formats(json.load(handle))
    text = json.dumps(schema, indent=1, ensure_ascii=True)
    assert '"""##' not in text
    return text


def render(v31, v32):
    """The whole of OpenAPISchemas.swift, made from the two schema files."""
    return (
        "// Written by Scripts/openapi-schemas.py; do not edit. The OpenAPI Initiative's schemas (Apache License 2.0),\n"
        "// each `format` left out (an annotation in JSON Schema 2020-12). Scripts/check-generated-data.py checks that\n"
        "// this file is what the script makes of openapi-spec-validator 0.9.0's copies.\n\n"
        "/// The OpenAPI Initiative's JSON Schemas of OpenAPI documents, as JSON text (``OpenAPIStructure``).\n"
        "enum OpenAPISchemas {\n"
        "    /// https://spec.openapis.org/oas/3.1/schema/2022-10-07\n"
        '    static let v3_1 = ##"""\n' + literal(v31) + '\n"""##\n\n'
        "    /// https://spec.openapis.org/oas/3.2/schema/2025-11-23\n"
        '    static let v3_2 = ##"""\n' + literal(v32) + '\n"""##\n'
        "}\n"
    )


OUTPUT = "Sources/APICheckContracts/Contract/OpenAPISchemas.swift"

if __name__ == "__main__":
    with open(OUTPUT, "w", encoding="utf-8") as handle:
        handle.write(render(sys.argv[1], sys.argv[2]))
    print(OUTPUT)
