#!/usr/bin/env python3
"""Validates EHF (Peppol BIS Billing 3.0, UBL 2.1) with the official rules.

    validate.py FILE...     each file against the UBL 2.1 XSD and the CEN EN 16931 and
                            Peppol Schematron; prints one JSON object per file
                            ({"file", "fatal": [{"rule", "text", "where"}], "warning": [...]})
                            and exits 1 when any file has a fatal error.
    validate.py --self-test the official examples must pass and the official unit tests'
                            broken invoices must fail with the rule each names (and the
                            good ones must not), before any of our own EHF is trusted.

The rules are the files OpenPEPPOL publishes (tests/ehf/README.md says which, where from,
and under what licence); SchXslt compiles each Schematron to XSLT and Saxon (saxonche,
XSLT 3.0) runs it; lxml (libxml2) checks the XSD. The compiled XSLT is kept in a cache
folder (EHF_CACHE, default ~/.cache/fagfolk/ehf) keyed by the Schematron's hash.
"""

import hashlib
import json
import os
import sys
from pathlib import Path

from lxml import etree
from saxonche import PySaxonProcessor

HERE = Path(__file__).resolve().parent
SCHEMATRON = [HERE / "peppol/sch/CEN-EN16931-UBL.sch", HERE / "peppol/sch/PEPPOL-EN16931-UBL.sch"]
XSD = {
    "Invoice": HERE / "ubl/maindoc/UBL-Invoice-2.1.xsd",
    "CreditNote": HERE / "ubl/maindoc/UBL-CreditNote-2.1.xsd",
}
SVRL = "{http://purl.oclc.org/dsdl/svrl}"
VEFA = "{http://difi.no/xsd/vefa/validator/1.0}"
CACHE = Path(os.environ.get("EHF_CACHE", Path.home() / ".cache/fagfolk/ehf"))


class Validator:
    def __init__(self, proc):
        self.proc = proc
        self.xslt = proc.new_xslt30_processor()
        self.rules = [self.xslt.compile_stylesheet(stylesheet_file=str(self.compiled(sch))) for sch in SCHEMATRON]
        self.schemas = {}

    def compiled(self, sch):
        """The Schematron `sch` compiled to XSLT by SchXslt, from the cache when it is there."""
        digest = hashlib.sha256(sch.read_bytes() + (HERE / "schxslt/version.xsl").read_bytes()).hexdigest()[:16]
        target = CACHE / f"{sch.stem}-{digest}.xsl"
        if not target.exists():
            CACHE.mkdir(parents=True, exist_ok=True)
            compiler = self.xslt.compile_stylesheet(stylesheet_file=str(HERE / "schxslt/pipeline-for-svrl.xsl"))
            text = compiler.transform_to_string(source_file=str(sch))
            if not text or "<xsl:" not in text:
                raise SystemExit(f"SchXslt could not compile {sch.name}")
            partial = target.with_suffix(".part")
            partial.write_text(text, encoding="utf-8")
            partial.replace(target)
        return target

    def schematron(self, xml_text):
        """Every rule that fired on `xml_text`: (id, flag, text, location)."""
        node = self.proc.parse_xml(xml_text=xml_text)
        fired = []
        for rules in self.rules:
            svrl = etree.fromstring(rules.transform_to_string(xdm_node=node).encode("utf-8"))
            for element in svrl.iter(f"{SVRL}failed-assert", f"{SVRL}successful-report"):
                text = " ".join("".join(element.itertext()).split())
                fired.append((element.get("id") or "?", element.get("flag") or "fatal", text, element.get("location")))
        return fired

    def xsd(self, document):
        name = etree.QName(document).localname
        if name not in XSD:
            return [f"Rotelementet {name} er verken Invoice eller CreditNote"]
        if name not in self.schemas:
            self.schemas[name] = etree.XMLSchema(etree.parse(str(XSD[name])))
        schema = self.schemas[name]
        if schema.validate(document):
            return []
        return [f"linje {error.line}: {error.message}" for error in schema.error_log]

    def validate(self, xml_bytes):
        """A document's findings: {"fatal": [...], "warning": [...]}."""
        result = {"fatal": [], "warning": []}
        try:
            document = etree.fromstring(xml_bytes)
        except etree.XMLSyntaxError as error:
            result["fatal"].append({"rule": "XML", "text": str(error), "where": None})
            return result
        for text in self.xsd(document):
            result["fatal"].append({"rule": "XSD", "text": text, "where": None})
        for rule, flag, text, where in self.schematron(xml_bytes.decode("utf-8")):
            result["fatal" if flag == "fatal" else "warning"].append({"rule": rule, "text": text, "where": where})
        return result


NS = {
    "cbc": "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
    "cac": "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
}

# The official examples broken on purpose, one way each, and the rule that must catch it:
# the repository's own unit tests cover the Peppol rules, these show the CEN rules and the
# XSD bite too. (example, what is done, XPath of the element, new text or None to remove it)
BROKEN = [
    ("Norwegian-example-1.xml", "uten fakturadato", "/*/cbc:IssueDate", None, "BR-03"),
    ("Norwegian-example-1.xml", "uten fakturadato", "/*/cbc:IssueDate", None, "XSD"),
    ("Norwegian-example-1.xml", "sum med MVA endret", "//cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount", "1801.77", "BR-CO-15"),
    ("Norwegian-example-1.xml", "selgers MVA-nummer med mellomrom",
     "//cac:AccountingSupplierParty//cac:PartyTaxScheme/cbc:CompanyID", "NO123 456785MVA", "NO-R-001"),
    ("Norwegian-example-1.xml", "uten kjøpers navn",
     "//cac:AccountingCustomerParty//cac:PartyLegalEntity/cbc:RegistrationName", None, "BR-07"),
    ("base-creditnote-correction.xml", "kreditnota uten dato", "/*/cbc:IssueDate", None, "BR-03"),
    ("base-example.xml", "ukjent valuta", "/*/cbc:DocumentCurrencyCode", "XXY", "BR-CL-04"),
]


def self_test(validator):
    """The official examples pass; each official unit test fires (or not) the rule it names."""
    failures = 0
    examples = sorted((HERE / "peppol/examples").glob("*.xml"))
    for example in examples:
        found = validator.validate(example.read_bytes())
        fatal = sorted({finding["rule"] for finding in found["fatal"]})
        print(f"{'ok  ' if not fatal else 'FEIL'} eksempel {example.name}: {', '.join(fatal) or 'ingen fatale regler'}")
        failures += bool(fatal)
    for name, what, path, text, rule in BROKEN:
        document = etree.parse(str(HERE / "peppol/examples" / name)).getroot()
        for element in document.xpath(path, namespaces=NS):
            if text is None:
                element.getparent().remove(element)
            else:
                element.text = text
        fatal = {finding["rule"] for finding in validator.validate(etree.tostring(document))["fatal"]}
        good = rule in fatal
        print(f"{'ok  ' if good else 'FEIL'} {name} {what}: ventet {rule}, fikk {', '.join(sorted(fatal)) or 'ingen'}")
        failures += not good
    cases = broken = 0
    caught = set()
    for unit in sorted((HERE / "peppol/unit").glob("*/*.xml")):
        for index, test in enumerate(etree.parse(str(unit)).getroot().iter(f"{VEFA}test"), 1):
            document = next((child for child in test if etree.QName(child).localname in XSD), None)
            if document is None:
                continue
            fired = validator.schematron(etree.tostring(document, encoding="unicode"))
            fatal = {rule for rule, flag, _, _ in fired if flag == "fatal"}
            warned = {rule for rule, flag, _, _ in fired if flag != "fatal"}
            for expect in test.iter(f"{VEFA}error", f"{VEFA}warning", f"{VEFA}success"):
                kind, rule = etree.QName(expect).localname, (expect.text or "").strip()
                cases += 1
                if kind == "error":
                    broken += 1
                    good = rule in fatal
                elif kind == "warning":
                    broken += 1
                    good = rule in warned
                else:
                    good = rule not in fatal and rule not in warned
                if good and kind != "success":
                    caught.add(rule)
                if not good:
                    failures += 1
                    print(f"FEIL {unit.parent.name}/{unit.name} test {index}: ventet {kind} {rule}, fikk {sorted(fatal | warned)}")
    print(f"{len(examples)} eksempler, {cases} enhetstester ({broken} ødelagte fakturaer fanget av regelen de nevner), {failures} feil")
    print(f"regler de ødelagte fakturaene ble fanget av: {', '.join(sorted(caught))}")
    return failures


def main(args):
    with PySaxonProcessor(license=False) as proc:
        validator = Validator(proc)
        if args == ["--self-test"]:
            return 1 if self_test(validator) else 0
        if not args:
            print(__doc__, file=sys.stderr)
            return 2
        failed = False
        for path in args:
            found = validator.validate(Path(path).read_bytes())
            failed |= bool(found["fatal"])
            print(json.dumps({"file": path, **found}, ensure_ascii=False))
        return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
