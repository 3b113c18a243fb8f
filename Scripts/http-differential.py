#!/usr/bin/env python3
"""The HTTP/1.1 codec (Sources/HTTP1) against h11, an outside parser, on the same bytes.

    .build-python/bin/python Scripts/http-differential.py .build/debug/apicheck-fuzz [--cases N] [--seed S]

Generates requests and responses (well-formed ones, each grammar rule bent one way or another, and random byte
damage), has both parsers read each, and compares: every input one accepts, the other must accept with the same
method and target (or status), version, fields and body; every input one refuses, the other must refuse. Where
apicheck differs on purpose, the difference is listed below (DIFFERENCES) with its reason, and a disagreement is
excused only when the input has that feature and the disagreement goes that way. Exit 1 on any other
disagreement (the first ones are printed with their bytes), 0 otherwise, with the counts.
"""
import argparse
import json
import random
import re
import struct
import subprocess
import sys

import h11

# Deliberate differences: (name, which side accepts, reason, predicate on the input's head lines).
# "ours" = apicheck accepts and h11 refuses; "h11" = h11 accepts and apicheck refuses.
DIFFERENCES = {
    "leading-empty-lines": ("ours", "empty lines before a request line are ignored, as RFC 9112, 2.2, says a server SHOULD; h11 refuses them"),
    "request-obs-fold": ("h11", "a folded field line (obs-fold) in a request is refused, as RFC 9112, 5.2, lets a server; h11 unfolds it"),
    "control-bytes": ("h11", "a control byte (NUL, DEL, a bare CR...) in a field value or reason phrase is refused (RFC 9110, 5.5); h11 lets it through"),
    "te-and-cl-request": ("h11", "a request with both Transfer-Encoding and Content-Length is refused, as RFC 9112, 6.3, lets a server (request smuggling rides on it); h11 lets the coding win"),
    "te-in-http10": ("h11", "Transfer-Encoding in an HTTP/1.0 message is faulty framing (RFC 9112, 6.1); h11 reads it as chunked"),
    "version-not-1": ("h11", "a message whose HTTP major version is not 1 is refused (a request is answered 505); h11 reads it as HTTP/1.1"),
    "chunked-bare-lf": ("h11", "every line of a chunked body ends with CRLF, the last one too (a bare LF there is how requests are smuggled past a proxy that reads it otherwise); h11 takes a bare LF in the trailer section"),
    "obs-fold-whitespace": ("both", "a folded field line in a response is unfolded as RFC 9112, 5.2, says: the fold with the whitespace around it becomes one space; h11 keeps that whitespace"),
    "chunk-ext-whitespace": ("ours", "whitespace before a chunk extension's \";\" is read, as RFC 9112, 7.1.1, writes it (BWS); h11 refuses it"),
    "trailer-control-bytes": ("h11", "a trailer field is checked as a field line, control bytes refused as in the head; h11 lets them through"),
    "host-in-http1x": ("h11", "an HTTP/1.2 (or later 1.x) request is read as HTTP/1.1 (RFC 9112, 2.3), so it needs its Host field like one (RFC 9112, 3.2); h11 asks it of HTTP/1.1 alone"),
    "long-content-length": ("h11", "a Content-Length of more than 18 digits is refused (it would not fit an Int); h11 reads big numbers"),
}


def head_lines(data, request):
    """The head's lines (without line ends), as both parsers split them; leading empty lines dropped for requests."""
    if request:
        data = data.lstrip(b"\r\n")
    cut = len(data)
    for marker in (b"\n\r\n", b"\n\n"):
        at = data.find(marker)
        if at != -1:
            cut = min(cut, at)
    lines = data[:cut].split(b"\n")
    return [line[:-1] if line.endswith(b"\r") else line for line in lines]


def fields_of(lines):
    out = []
    for line in lines[1:]:
        if b":" in line:
            name, _, value = line.partition(b":")
            out.append((name.strip().lower(), value.strip(b" \t")))
    return out


def skip_interim(data):
    """A response without the interim (1xx, not 101) heads before it."""
    while re.match(rb"HTTP/1\.\d 1(?!01)\d\d", data):
        ends = [(at, len(marker)) for marker in (b"\n\r\n", b"\n\n") for at in [data.find(marker)] if at != -1]
        if not ends:
            break
        at, length = min(ends)
        data = data[at + length:]
    return data


def features(data, request):
    found = set()
    if not request:
        data = skip_interim(data)
    if request and data[:1] in (b"\r", b"\n"):
        found.add("leading-empty-lines")
    lines = head_lines(data, request)
    if request and any(line[:1] in (b" ", b"\t") for line in lines[1:]):
        found.add("request-obs-fold")
    for index, line in enumerate(lines):
        if index == 0 and request:
            continue
        value = line if index == 0 else line.partition(b":")[2]
        if any(b < 0x20 and b != 0x09 or b == 0x7F for b in value):
            found.add("control-bytes")
    fields = fields_of(lines)
    names = [name for name, _ in fields]
    first = lines[0] if lines else b""
    if request and b"transfer-encoding" in names and b"content-length" in names:
        found.add("te-and-cl-request")
    if b"transfer-encoding" in names and (b"HTTP/1.0" in first):
        found.add("te-in-http10")
    if request:
        parts = first.split(b" ")
        if len(parts) == 3 and len(parts[2]) == 8 and parts[2].startswith(b"HTTP/") and parts[2][5:6] != b"1":
            found.add("version-not-1")
        if re.match(rb"HTTP/1\.[2-9]$", parts[2] if len(parts) == 3 else b"") and b"host" not in names:
            found.add("host-in-http1x")
    elif re.match(rb"HTTP/[02-9]\.\d ", first):
        found.add("version-not-1")
    if not request and any(line[:1] in (b" ", b"\t") for line in lines[1:]):
        found.add("obs-fold-whitespace")
    for name, value in fields:
        if name == b"content-length" and any(len(v.strip()) > 18 for v in value.split(b",")):
            found.add("long-content-length")
    tail = body_bytes(data, request)
    if b"transfer-encoding" in names:
        if re.search(rb"(?:^|\r\n)[0-9a-fA-F]+[ \t]+;", tail):
            found.add("chunk-ext-whitespace")
        last = tail.rfind(b"\r\n0")
        trailer = tail[last:] if last != -1 else (tail if tail.startswith(b"0") else b"")
        for line in trailer.split(b"\r\n")[1:]:
            if b":" in line and any(b < 0x20 and b != 0x09 or b == 0x7F for b in line):
                found.add("trailer-control-bytes")
        if re.search(rb"(?<!\r)\n", trailer):
            found.add("chunked-bare-lf")
    return found


def body_bytes(data, request):
    """What follows the head."""
    if request:
        data = data.lstrip(b"\r\n")
    ends = [(at, len(marker)) for marker in (b"\n\r\n", b"\n\n") for at in [data.find(marker)] if at != -1]
    if not ends:
        return b""
    at, length = min(ends)
    return data[at + length:]


def h11_request(data):
    connection = h11.Connection(h11.SERVER, max_incomplete_event_size=64 * 1024)
    return drain(connection, data, request=True)


def h11_response(data, method):
    connection = h11.Connection(h11.CLIENT, max_incomplete_event_size=64 * 1024)
    connection.send(h11.Request(method=method, target="/", headers=[("Host", "example")]))
    connection.send(h11.EndOfMessage())
    return drain(connection, data, request=False)


def drain(connection, data, request):
    connection.receive_data(data)
    connection.receive_data(b"")
    head = None
    body = b""
    try:
        while True:
            event = connection.next_event()
            if isinstance(event, h11.ConnectionClosed) and head is None:
                return {"ok": False, "kind": "closed"}
            if isinstance(event, h11.InformationalResponse):
                if event.status_code == 101:
                    return {"ok": False, "kind": "h11-101"}
                continue
            if isinstance(event, (h11.Request, h11.Response)):
                head = event
            elif isinstance(event, h11.Data):
                body += bytes(event.data)
            elif isinstance(event, h11.EndOfMessage):
                break
            else:
                return {"ok": False, "kind": "h11-%s" % type(event).__name__}
    except h11.RemoteProtocolError as error:
        return {"ok": False, "kind": "h11: %s" % error}
    result = {"ok": True, "version": head.http_version.decode(), "body": body.hex(),
              "fields": [[name.decode("latin-1"), value] for name, value in head.headers]}
    if request:
        result["method"] = head.method.hex()
        result["target"] = head.target.hex()
    else:
        result["status"] = head.status_code
    return result


def ours(binary, inputs, kind, method=None):
    frames = b"".join(struct.pack(">I", len(data)) + data for data in inputs)
    arguments = [binary, "--describe-http", kind] + ([method] if method else [])
    output = subprocess.run(arguments, input=frames, capture_output=True, check=True).stdout.decode()
    lines = [json.loads(line) for line in output.splitlines() if line.strip()]
    assert len(lines) == len(inputs), "apicheck-fuzz described %d of %d inputs" % (len(lines), len(inputs))
    return lines


SKIPPED = {"content-length", "transfer-encoding"}


def normalize_ours(result):
    fields = []
    for name, value in result["fields"]:
        name = bytes.fromhex(name).decode("utf-8", "replace").lower()
        if name in SKIPPED:
            continue
        fields.append((name, bytes.fromhex(value)))
    return fields


def normalize_h11(result):
    fields = []
    for name, value in result["fields"]:
        if name.lower() in SKIPPED:
            continue
        # apicheck keeps values as Swift Strings: invalid UTF-8 becomes U+FFFD, as Python's "replace" does.
        fields.append((name.lower(), bytes(value).decode("utf-8", "replace").encode("utf-8")))
    return fields


def folded(result):
    """`result` with each run of spaces and tabs in its field values as one space."""
    copy = dict(result)
    copy["fields"] = [[name, collapse(value)] for name, value in result["fields"]]
    return copy


def collapse(value):
    """A field value (hex, as apicheck prints it, or h11's bytes) with each run of spaces and tabs as one space."""
    raw = bytes.fromhex(value) if isinstance(value, str) else bytes(value)
    collapsed = re.sub(rb"[ \t]+", b" ", raw)
    return collapsed.hex() if isinstance(value, str) else collapsed


def agree(mine, theirs, request):
    if mine["ok"] != theirs["ok"]:
        return False
    if not mine["ok"]:
        return True
    start = ("method", "target") if request else ("status",)
    if any(mine[key] != theirs[key] for key in start):
        return False
    return mine["version"] == theirs["version"] and mine["body"] == theirs["body"] and normalize_ours(mine) == normalize_h11(theirs)


# ---- Generation ------------------------------------------------------------------------------------------------

def pick(rng, weighted):
    total = sum(weight for _, weight in weighted)
    roll = rng.uniform(0, total)
    for value, weight in weighted:
        roll -= weight
        if roll <= 0:
            return value
    return weighted[-1][0]


def field_value(rng):
    return pick(rng, [
        (b"value", 10), (b"", 2), (b"  padded\t ", 2), (b"a, b ,c", 2), (b"caf\xc3\xa9", 1), (b"\xff\xfe", 1),
        (b"a\x01b", 1), (b"a\x7fb", 1), (b"a\rb", 1), (b"a\x00b", 1), (b"\"quoted\"", 1), (b"x" * rng.randint(1, 300), 1),
    ])


def field_lines(rng, request, framing_fields):
    lines = []
    if request:
        hosts = pick(rng, [(1, 20), (0, 2), (2, 1)])
        lines += [b"Host: example.com"] * hosts
    for _ in range(rng.randint(0, 4)):
        name = pick(rng, [(b"X-Thing", 10), (b"accept", 3), (b"X Thing", 1), (b"", 1), (b"X-\xc3\xa9", 1), (b"X-Thing ", 1), (b"(x)", 1)])
        lines.append(name + b":" + pick(rng, [(b" ", 5), (b"", 2), (b"\t", 1)]) + field_value(rng))
        if rng.random() < 0.04:
            lines.append(pick(rng, [(b" continued", 2), (b"\tmore", 1), (b" ", 1)]))
    lines += framing_fields
    if rng.random() < 0.2:
        lines.append(b"Connection: " + pick(rng, [(b"close", 2), (b"keep-alive", 2), (b"Upgrade, close", 1)]))
    rng.shuffle(lines)
    if rng.random() < 0.03:
        lines.insert(0, b" folded-first")
    return lines


def body_framing(rng, request, body):
    """Fields that frame `body`, and the bytes that follow the head."""
    style = pick(rng, [("length", 10), ("chunked", 6), ("none", 4 if request else 2), ("both", 1), ("te-other", 1), ("length-bad", 2)])
    if style == "length":
        announced = pick(rng, [(len(body), 12), (len(body) + rng.randint(1, 5), 1), (max(0, len(body) - 1), 1)])
        value = pick(rng, [(b"%d" % announced, 10), (b"%d, %d" % (announced, announced), 1), (b"0%d" % announced, 1)])
        fields = [b"Content-Length: " + value]
        if rng.random() < 0.05:
            fields.append(b"Content-Length: " + pick(rng, [(b"%d" % announced, 1), (b"%d" % (announced + 1), 1)]))
        return fields, body
    if style == "length-bad":
        return [b"Content-Length: " + pick(rng, [(b"+3", 1), (b"-1", 1), (b"3x", 1), (b"", 1), (b"1" * 19, 1), (b"3,", 1), (b"0x10", 1)])], body
    if style == "none":
        return [], body if not request else b""
    coding = b"chunked" if style in ("chunked", "both") else pick(rng, [(b"gzip, chunked", 1), (b"chunked, chunked", 1), (b"identity", 1), (b"gzip", 1)])
    if rng.random() < 0.1:
        coding = pick(rng, [(b"Chunked", 1), (b" chunked ", 1), (b"CHUNKED", 1)])
    fields = [b"Transfer-Encoding: " + coding]
    if style == "both":
        fields.append(b"Content-Length: %d" % len(body))
    return fields, chunked(rng, body)


def chunked(rng, body):
    out = b""
    rest = body
    while rest:
        size = rng.randint(1, max(1, len(rest)))
        piece, rest = rest[:size], rest[size:]
        digits = pick(rng, [(b"%x" % size, 10), (b"%X" % size, 2), (b"000%x" % size, 1), (b"%x " % size, 1), (b"%x;ext=1" % size, 1),
                            (b"%x ;ext" % size, 1), (b" %x" % size, 1), (b"%x\x01" % size, 1)])
        end = pick(rng, [(b"\r\n", 30), (b"\n", 1)])
        out += digits + end + piece + pick(rng, [(b"\r\n", 30), (b"\n", 1), (b"", 1)])
    out += pick(rng, [(b"0\r\n", 20), (b"0;x\r\n", 1), (b"00\r\n", 1), (b"", 1)])
    trailer = pick(rng, [(b"", 8), (b"Trailer-Field: v\r\n", 1), (b"bad trailer\r\n", 1), (b"T: a\x01\r\n", 1)])
    out += trailer + pick(rng, [(b"\r\n", 20), (b"", 1), (b"\n", 1)])
    return out


def request(rng):
    method = pick(rng, [(b"GET", 8), (b"POST", 6), (b"PUT", 3), (b"DELETE", 2), (b"PATCH", 2), (b"HEAD", 1), (b"OPTIONS", 1),
                        (b"get", 1), (b"G@T", 1), (b"", 1)])
    target = pick(rng, [(b"/api/v2/todos", 8), (b"/a?b=c&d", 3), (b"http://example.com/x?y", 1), (b"*", 1), (b"/a b", 1), (b"/\x80", 1), (b"", 1)])
    version = pick(rng, [(b"HTTP/1.1", 20), (b"HTTP/1.0", 3), (b"HTTP/1.2", 1), (b"HTTP/2.0", 1), (b"HTTP/11", 1), (b"http/1.1", 1), (b"HTTP/1.1 ", 1)])
    space = pick(rng, [(b" ", 40), (b"  ", 1), (b"\t", 1)])
    body = bytes(rng.getrandbits(8) for _ in range(pick(rng, [(0, 4), (rng.randint(1, 40), 4), (rng.randint(41, 900), 1)])))
    framing, tail = body_framing(rng, True, body)
    lines = [method + space + target + b" " + version] + field_lines(rng, True, framing)
    data = assemble(rng, lines) + tail
    if rng.random() < 0.05:
        data = pick(rng, [(b"\r\n", 3), (b"\n", 1), (b"\r\n\r\n", 1)]) + data
    return damage(rng, data)


def response(rng):
    version = pick(rng, [(b"HTTP/1.1", 20), (b"HTTP/1.0", 3), (b"HTTP/2.0", 1), (b"HTTP/1", 1), (b"HTTP/1.1 ", 1)])
    status = pick(rng, [(b"200", 10), (b"201", 2), (b"204", 2), (b"304", 2), (b"404", 2), (b"100", 1), (b"099", 1), (b"2000", 1), (b"20", 1), (b"abc", 1)])
    reason = pick(rng, [(b" OK", 10), (b"", 2), (b" ", 1), (b" Not \x01 OK", 1), (b" \xc3\xa9", 1), (b"  spaced", 1)])
    body = bytes(rng.getrandbits(8) for _ in range(pick(rng, [(0, 3), (rng.randint(1, 40), 4), (rng.randint(41, 900), 1)])))
    framing, tail = body_framing(rng, False, body)
    lines = [version + b" " + status + reason] + field_lines(rng, False, framing)
    data = assemble(rng, lines) + tail
    if status == b"100" and rng.random() < 0.8:
        data = b"HTTP/1.1 100 Continue\r\n\r\n" + response(rng)
    return damage(rng, data)


def assemble(rng, lines):
    crlf = pick(rng, [(True, 12), (False, 1)])
    out = b""
    for line in lines:
        out += line + (b"\r\n" if crlf or rng.random() < 0.5 else b"\n")
    return out + (b"\r\n" if crlf else b"\n")


def damage(rng, data):
    if rng.random() > 0.12 or not data:
        return data
    data = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(data)) if data else 0
        action = rng.randint(0, 3)
        special = rng.choice(b"\r\n :;\t\x00\x7f\x80,0aAzZ")
        if action == 0 and data:
            data[at] = special
        elif action == 1:
            data.insert(at, special)
        elif action == 2 and data:
            del data[at]
        else:
            data = data[:at]
    return bytes(data)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary", help="apicheck-fuzz (a plain build: swift build --product apicheck-fuzz)")
    parser.add_argument("--cases", type=int, default=20000, help="inputs of each kind (default 20000)")
    parser.add_argument("--seed", type=int, default=20261124)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    failures = []
    totals = {}
    for kind, make in (("request", request), ("response GET", response), ("response HEAD", response)):
        inputs = [make(rng) for _ in range(options.cases if kind != "response HEAD" else options.cases // 4)]
        mine = ours(options.binary, inputs, *kind.split(" "))
        accepted = refused = excused = 0
        for data, result in zip(inputs, mine):
            if kind == "request":
                theirs = h11_request(data)
            else:
                theirs = h11_response(data, kind.split(" ")[1])
            is_request = kind == "request"
            if agree(result, theirs, is_request):
                if result["ok"]:
                    accepted += 1
                else:
                    refused += 1
                continue
            found = features(data, is_request)
            side = "ours" if result["ok"] and not theirs["ok"] else ("h11" if theirs["ok"] and not result["ok"] else None)
            if result["ok"] and theirs["ok"] and "obs-fold-whitespace" in found and agree(folded(result), folded(theirs), is_request):
                side = "both"
            reasons = [name for name in sorted(found) if side and DIFFERENCES[name][0] == side]
            if reasons:
                excused += 1
                for name in reasons:
                    totals[name] = totals.get(name, 0) + 1
                continue
            failures.append((kind, data, result, theirs))
        print("%-14s %6d inputs: %6d read alike, %6d refused by both, %5d differ as listed" % (kind, len(inputs), accepted, refused, excused))
    for name, count in sorted(totals.items()):
        print("  listed difference %-22s %5d  (%s)" % (name, count, DIFFERENCES[name][1]))
    if failures:
        print("\n%d unexplained disagreements; the first ones:" % len(failures))
        for kind, data, mine, theirs in failures[:int(__import__("os").environ.get("SHOW", "8"))]:
            print("--", kind, repr(data[:300]))
            print("   apicheck:", json.dumps(mine)[:300])
            print("   h11:     ", json.dumps(theirs, default=lambda b: b.hex())[:300])
        sys.exit(1)


if __name__ == "__main__":
    main()
