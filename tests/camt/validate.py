#!/usr/bin/env python3
"""Validates camt.054 files against the ISO 20022 schema their namespace names.

    validate.py FILE...   prints "ok FILE" or each error with its line, and exits 1 when
                          any file is not valid (tests/camt/README.md).
"""

import sys
from pathlib import Path

from lxml import etree

HERE = Path(__file__).resolve().parent
PREFIX = "urn:iso:std:iso:20022:tech:xsd:"


def schema_for(document):
    namespace = etree.QName(document.getroot()).namespace or ""
    if not namespace.startswith(PREFIX + "camt.054."):
        raise ValueError(f"not a camt.054 document: {namespace!r}")
    return etree.XMLSchema(etree.parse(str(HERE / (namespace[len(PREFIX):] + ".xsd"))))


def main(files):
    failed = False
    for name in files:
        document = etree.parse(name)
        schema = schema_for(document)
        if schema.validate(document):
            print(f"ok {name}")
        else:
            failed = True
            for error in schema.error_log:
                print(f"{name}:{error.line}: {error.message}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
