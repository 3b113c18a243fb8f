#!/usr/bin/env python3
"""Writes the README's walkthrough change of the todo contract (apicheck breaking): updated_at may be null, and
reading one todo may answer 429.

    walkthrough-contract.py contracts/todos.openapi.yaml OUTPUT.yaml
"""
import sys

source, output = sys.argv[1], sys.argv[2]
text = open(source, encoding="utf-8").read()
before = '        updated_at:\n          $ref: "#/components/schemas/Timestamp"\n'
if before not in text:
    sys.exit("%s no longer writes updated_at as the walkthrough expects" % source)
text = text.replace(before, '        updated_at:\n          oneOf:\n            - type: "null"\n            - $ref: "#/components/schemas/Timestamp"\n')
status = text.index('        "404":', text.index("operationId: getTodo"))
text = text[:status] + '        "429":\n          description: Too many requests\n' + text[status:]
open(output, "w", encoding="utf-8").write(text)
