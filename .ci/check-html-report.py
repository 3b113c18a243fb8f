#!/usr/bin/env python3
"""Checks an HTML report as a browser rendered it (the DOM Chromium dumps) against the same run's JSON.

    check-html-report.py findings REPORT.json DOM.html   # verify / diff: apicheck-report/1
    check-html-report.py coverage COVERAGE.json DOM.html  # coverage: apicheck-coverage/1
    check-html-report.py breaking BREAKING.json DOM.html  # breaking: apicheck-breaking/1

findings: every finding of the JSON report is a row of the page, in the section of its operation, showing
its rule, its pointer and its recording's file:line as text; the page has as many rows as the JSON has
findings, and every API of the JSON summary's coverage has its table.
coverage: every measure of every API is a row of that API's table with the same exercised and total counts.
breaking: every change of every comparison is a row of its contract's section with the same rule, whom it
breaks, place (operation, part, pointer) and new location as text; the page has as many rows as the JSON changes.
Exits 1 naming what is missing; only the standard library is used.
"""
import json
import sys
from html.parser import HTMLParser


class Page(HTMLParser):
    """The finding rows (with their section's operation) and the coverage rows of a report's DOM."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []  # (tag, classes) of open elements
        self.operation = None  # the current section's operation, from its <h2><code>
        self.in_heading_code = False
        self.rows = []  # finding rows: {"operation", "cells": {class: text}}
        self.coverage = {}  # api -> {measure: {class: text}}
        self.changes = []  # breaking rows: {"contract", "rule", "cells": {class: text}}
        self.contract = None
        self.api = None
        self.row = None
        self.cell = None
        self.text = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        if tag not in ("meta", "br", "img", "input", "link"):
            self.stack.append((tag, classes))
        if tag == "section" and "comparison" in classes:
            self.contract = attributes.get("data-contract")
        if tag == "tr" and "change" in classes:
            self.row = {"change": True, "contract": self.contract, "rule": attributes.get("data-rule"), "cells": {}}
        elif tag == "section" and "operation" in classes:
            self.operation = ""
        elif tag == "code" and any(t == "h2" for t, _ in self.stack[:-1]) and self.operation == "":
            self.in_heading_code = True
        elif tag == "table" and "coverage" in classes:
            self.api = attributes.get("data-api")
            self.coverage.setdefault(self.api, {})
        elif tag == "tr" and "finding" in classes:
            self.row = {"operation": self.operation, "cells": {}, "rule": attributes.get("data-rule")}
        elif tag == "tr" and "measure" in classes:
            self.row = {"measure": attributes.get("data-measure"), "cells": {}}
        elif tag == "td" and self.row is not None:
            self.cell = classes[0] if classes else ""
            self.text = []

    def handle_endtag(self, tag):
        while self.stack:
            open_tag, _ = self.stack.pop()
            if open_tag == tag:
                break
        if tag == "code" and self.in_heading_code:
            self.in_heading_code = False
        elif tag == "td" and self.row is not None and self.cell is not None:
            self.row["cells"][self.cell] = "".join(self.text).strip()
            self.cell = None
        elif tag == "tr" and self.row is not None:
            if "change" in self.row:
                self.changes.append(self.row)
            elif "measure" in self.row:
                self.coverage[self.api][self.row["measure"]] = self.row["cells"]
            else:
                self.rows.append(self.row)
            self.row = None
        elif tag == "section":
            self.operation = None
        elif tag == "table":
            self.api = None

    def handle_data(self, data):
        if self.in_heading_code:
            self.operation += data
        if self.cell is not None:
            self.text.append(data)


def check_findings(report, page):
    problems = []
    findings = report["findings"]
    if not findings:
        problems.append("the JSON report has no findings: the check would prove nothing")
    rows = list(page.rows)
    for finding in findings:
        pointer = finding["pointer"] or "/"
        location = finding["file"] + (":%d" % finding["line"] if finding["line"] is not None else "") if finding["file"] else ""
        match = None
        for row in rows:
            cells = row["cells"]
            place = cells.get("place", "")
            if (row["operation"] == finding["operation"] and cells.get("rule") == finding["rule"]
                    and (place.endswith(" " + pointer) or (" " + pointer + " (") in place)
                    and cells.get("location", "") == location):
                match = row
                break
        if match is None:
            problems.append("no row for %s %s at %s (%s) in the section of %s" % (finding["severity"], finding["rule"], pointer, location, finding["operation"]))
        else:
            rows.remove(match)
    if rows:
        problems.append("%d rows on the page that the JSON report does not have: %s" % (len(rows), [r["cells"].get("rule") for r in rows]))
    for coverage in report["summary"].get("coverage", []):
        if coverage["api"] not in page.coverage:
            problems.append("no coverage table for %s" % coverage["api"])
    return problems


def check_coverage(report, page):
    problems = []
    if not report["apis"]:
        problems.append("the JSON report has no API: the check would prove nothing")
    for api in report["apis"]:
        table = page.coverage.get(api["api"])
        if table is None:
            problems.append("no coverage table for %s" % api["api"])
            continue
        for measure in api["measures"]:
            row = table.get(measure["name"])
            if row is None:
                problems.append("%s: no row for %s" % (api["api"], measure["name"]))
            elif (row.get("covered"), row.get("total")) != (str(measure["covered"]), str(measure["total"])):
                problems.append("%s %s: the page shows %s/%s, the JSON %d/%d" % (api["api"], measure["name"], row.get("covered"), row.get("total"), measure["covered"], measure["total"]))
    return problems


def check_breaking(report, page):
    problems = []
    changes = [(c["new"], change) for c in report["comparisons"] for change in c["changes"]]
    if not changes:
        problems.append("the JSON report has no changes: the check would prove nothing")
    rows = list(page.changes)
    for contract, change in changes:
        place = " ".join(part for part in (change["operation"], change["part"], change["pointer"]) if part)
        where = change["new"] or change["old"]
        location = (where["file"] + (":%d" % where["line"] if where["line"] is not None else "")) if where else ""
        match = None
        for row in rows:
            cells = row["cells"]
            if (row["contract"] == contract and row["rule"] == change["rule"] and cells.get("rule") == change["rule"]
                    and cells.get("breaks") == change["breaks"] and cells.get("place") == place
                    and cells.get("new" if change["new"] else "old") == location):
                match = row
                break
        if match is None:
            problems.append("no row for %s %s at %s (%s) in the section of %s" % (change["severity"], change["rule"], place, location, contract))
        else:
            rows.remove(match)
    if rows:
        problems.append("%d rows on the page that the JSON report does not have" % len(rows))
    return problems


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("findings", "coverage", "breaking"):
        print(__doc__, file=sys.stderr)
        return 2
    kind, json_path, dom_path = sys.argv[1:]
    with open(json_path, encoding="utf-8") as file:
        report = json.load(file)
    with open(dom_path, encoding="utf-8") as file:
        dom = file.read()
    if "<html" not in dom:
        print("%s: not a page the browser rendered (no <html>)" % dom_path, file=sys.stderr)
        return 1
    page = Page()
    page.feed(dom)
    checks = {"findings": check_findings, "coverage": check_coverage, "breaking": check_breaking}
    problems = checks[kind](report, page)
    for problem in problems:
        print("%s: %s" % (dom_path, problem), file=sys.stderr)
    if problems:
        return 1
    counts = {"findings": len(page.rows), "coverage": sum(len(t) for t in page.coverage.values()), "breaking": len(page.changes)}
    names = {"findings": "findings", "coverage": "coverage rows", "breaking": "contract changes"}
    print("%s: the browser's page shows all %d %s of %s" % (dom_path, counts[kind], names[kind], json_path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
