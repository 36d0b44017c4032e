#!/usr/bin/env python3
"""A test proxy that checks every request's AWS Signature Version 4 by the book and forwards the good ones
to an S3 server (moto) behind it.

It recomputes the canonical request, the string to sign and the HMAC-SHA256 chain from the request as it
arrived, and answers 403 `InvalidAccessKeyId`, `SignatureDoesNotMatch` or `AccessDenied` itself (with
`XAmzContentSHA256Mismatch` for a body that does not match its signed hash). Each request that reaches it is
appended to the --log file as `METHOD TARGET STATUS`, so tests can count writes. For the hostile cases it
can answer every Nth well-signed PUT with 503 SlowDown, close its connection without an answer, or hold every
PUT after the first N without answering; and it can falsify listings (ListObjectsV2): make every page say
it is truncated with the same continuation token, or add keys that the bucket does not hold (control
characters, `..` segments), in key order, to every first page.

    sigv4_proxy.py --port 9001 --upstream 127.0.0.1:9000 --key AKID:SECRET [--key ...] [--log FILE]
                   [--slowdown-every N] [--reset-every N] [--stall-after N]
                   [--repeat-listing-token] [--inject-keys JSON-LIST]
"""

import argparse
import datetime
import hashlib
import hmac
import html
import http.client
import json
import re
import socket
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

UNRESERVED = "-_.~"
HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "proxy-connection"}


def uri_encode(text, keep_slash):
    return urllib.parse.quote(text, safe=UNRESERVED + ("/" if keep_slash else ""))


def canonical_query(raw_query):
    pairs = []
    for part in raw_query.split("&") if raw_query else []:
        name, _, value = part.partition("=")
        name = uri_encode(urllib.parse.unquote(name), False)
        value = uri_encode(urllib.parse.unquote(value), False)
        pairs.append((name, value))
    pairs.sort()
    return "&".join(f"{name}={value}" for name, value in pairs)


def canonical_value(value):
    return re.sub(r"[ \t]+", " ", value.strip(" \t"))


def signing_key(secret, day, region, service):
    key = ("AWS4" + secret).encode()
    for part in (day, region, service, "aws4_request"):
        key = hmac.new(key, part.encode(), hashlib.sha256).digest()
    return key


def listed_key(block, url_encoded):
    """The key of a listing's `<Contents>` block, as the client will read it."""
    raw = html.unescape(re.search(r"<Key>(.*?)</Key>", block, re.S).group(1))
    return urllib.parse.unquote_plus(raw) if url_encoded else raw


def falsify_listing(body, query, repeat_token, inject_keys):
    """A ListObjectsV2 answer with `inject_keys` under the asked prefix added among its keys (on a first page),
    in UTF-8 byte order as S3 lists them; with `repeat_token`, truncated with the token `again`."""
    text = body.decode("utf-8")
    fields = urllib.parse.parse_qs(query, keep_blank_values=True)
    url_encoded = fields.get("encoding-type") == ["url"]
    prefix = fields.get("prefix", [""])[0]
    extra = [key for key in inject_keys if key.startswith(prefix)]
    if extra and "continuation-token" not in fields:
        blocks = re.findall(r"<Contents>.*?</Contents>", text, re.S)
        for key in extra:
            shown = urllib.parse.quote(key, safe="/") if url_encoded else html.escape(key)
            md5 = hashlib.md5(key.encode()).hexdigest()
            blocks.append(f"<Contents><Key>{shown}</Key><LastModified>2026-01-01T00:00:00.000Z</LastModified>"
                          f"<ETag>&quot;{md5}&quot;</ETag><Size>1</Size><StorageClass>STANDARD</StorageClass>"
                          "</Contents>")
        blocks.sort(key=lambda block: listed_key(block, url_encoded).encode())
        text = re.sub(r"<Contents>.*?</Contents>", "", text, flags=re.S)
        text = text.replace("</ListBucketResult>", "".join(blocks) + "</ListBucketResult>")
        text = re.sub(r"<KeyCount>\d+</KeyCount>", f"<KeyCount>{len(blocks)}</KeyCount>", text)
    if repeat_token:
        text = re.sub(r"<IsTruncated>\w+</IsTruncated>", "", text)
        text = re.sub(r"<NextContinuationToken>.*?</NextContinuationToken>", "", text, flags=re.S)
        text = text.replace(
            "</ListBucketResult>",
            "<IsTruncated>true</IsTruncated><NextContinuationToken>again</NextContinuationToken></ListBucketResult>")
    return text.encode("utf-8")


def error_body(code, message):
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>{code}</Code>'
        f"<Message>{message}</Message><RequestId>proxy</RequestId></Error>"
    ).encode()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "sigv4-proxy"

    def log_message(self, format, *args):
        pass

    def read_body(self):
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            body = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip(), 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return body
                body += self.rfile.read(size)
                self.rfile.readline()
        return self.rfile.read(int(self.headers.get("Content-Length", "0") or "0"))

    def check(self, body):
        """None when the signature is right, else (status, code, message)."""
        authorization = self.headers.get("Authorization", "")
        match = re.fullmatch(
            r"AWS4-HMAC-SHA256 Credential=([^/]+)/(\d{8})/([^/]+)/([^/]+)/aws4_request,\s*"
            r"SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})",
            authorization,
        )
        if not match:
            return 403, "AccessDenied", "The request is not signed with AWS Signature Version 4."
        key_id, day, region, service, signed_headers, signature = match.groups()
        secret = self.server.keys.get(key_id)
        if secret is None:
            return 403, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records."
        names = signed_headers.split(";")
        if "host" not in names or names != sorted(names):
            return 403, "SignatureDoesNotMatch", "SignedHeaders must be sorted and include host."
        amz_date = self.headers.get("x-amz-date", "")
        try:
            moment = datetime.datetime.strptime(amz_date, "%Y%m%dT%H%M%SZ").replace(tzinfo=datetime.timezone.utc)
        except ValueError:
            return 403, "AccessDenied", "x-amz-date is missing or malformed."
        if not amz_date.startswith(day):
            return 403, "SignatureDoesNotMatch", "The credential scope's date is not x-amz-date's."
        if abs((datetime.datetime.now(datetime.timezone.utc) - moment).total_seconds()) > 900:
            return 403, "RequestTimeTooSkewed", "The difference between the request time and now is too large."
        payload_hash = self.headers.get("x-amz-content-sha256")
        if payload_hash is None or "x-amz-content-sha256" not in names:
            return 400, "InvalidRequest", "x-amz-content-sha256 must be sent and signed."
        if payload_hash != "UNSIGNED-PAYLOAD" and payload_hash != hashlib.sha256(body).hexdigest():
            return 400, "XAmzContentSHA256Mismatch", "The body does not match x-amz-content-sha256."
        headers = []
        for name in names:
            values = self.headers.get_all(name)
            if values is None:
                return 403, "SignatureDoesNotMatch", f"The signed header {name} is missing."
            headers.append(f"{name}:{','.join(canonical_value(v) for v in values)}\n")
        raw_path, _, raw_query = self.path.partition("?")
        canonical_request = "\n".join(
            [
                self.command,
                uri_encode(urllib.parse.unquote(raw_path), True),
                canonical_query(raw_query),
                "".join(headers),
                signed_headers,
                payload_hash,
            ]
        )
        scope = f"{day}/{region}/{service}/aws4_request"
        string_to_sign = "\n".join(
            ["AWS4-HMAC-SHA256", amz_date, scope, hashlib.sha256(canonical_request.encode()).hexdigest()]
        )
        expected = hmac.new(
            signing_key(secret, day, region, service), string_to_sign.encode(), hashlib.sha256
        ).hexdigest()
        if not hmac.compare_digest(expected, signature):
            return 403, "SignatureDoesNotMatch", (
                "The request signature we calculated does not match the signature you provided. "
                "Check your key and signing method."
            )
        return None

    def answer(self, status, headers, body):
        self.send_response(status)
        for name, value in headers:
            if name.lower() not in HOP_BY_HOP and name.lower() != "content-length":
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def handle_any(self):
        body = self.read_body()
        problem = self.check(body)
        fault = self.server.fault(self.command) if problem is None else None
        if fault == "stall":
            # Held until the client gives up: a deploy stopped now has writes in flight.
            self.server.record(f"{self.command} {self.path} stalled")
            time.sleep(120)
            return
        if fault == "reset":
            self.server.record(f"{self.command} {self.path} reset")
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        if fault == "slowdown":
            self.server.record(f"{self.command} {self.path} 503 SlowDown")
            self.answer(
                503, [("Content-Type", "application/xml"), ("Retry-After", "0")],
                error_body("SlowDown", "Please reduce your request rate."))
            return
        if problem is not None:
            status, code, message = problem
            self.server.record(f"{self.command} {self.path} {status} {code}")
            self.answer(status, [("Content-Type", "application/xml")], error_body(code, message))
            return
        raw_path, _, raw_query = self.path.partition("?")
        listing = self.command == "GET" and "list-type=2" in raw_query.split("&") and self.server.falsifies_listings
        upstream_path = self.path
        if listing:  # the bucket is asked from the start: its token `again` means nothing to it
            upstream_path = raw_path + "?" + "&".join(
                part for part in raw_query.split("&") if not part.startswith("continuation-token="))
        connection = http.client.HTTPConnection(*self.server.upstream, timeout=60)
        try:
            headers = {n: v for n, v in self.headers.items() if n.lower() not in HOP_BY_HOP}
            headers["Content-Length"] = str(len(body))
            connection.request(self.command, upstream_path, body=body, headers=headers)
            response = connection.getresponse()
            data = response.read()
            if listing and response.status == 200:
                data = falsify_listing(data, raw_query, self.server.repeat_token, self.server.inject_keys)
            self.server.record(f"{self.command} {self.path} {response.status}")
            self.answer(response.status, response.getheaders(), data)
        finally:
            connection.close()

    do_GET = do_PUT = do_POST = do_DELETE = do_HEAD = handle_any


class Proxy(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128  # read by listen() as the server is made; 5 drops a client's burst of connections

    def __init__(self, port, upstream, keys, log, slowdown_every=0, reset_every=0, stall_after=None,
                 repeat_token=False, inject_keys=()):
        super().__init__(("127.0.0.1", port), Handler)
        self.upstream = upstream
        self.keys = keys
        self.log_path = log
        self.lock = threading.Lock()
        self.slowdown_every = slowdown_every
        self.reset_every = reset_every
        self.stall_after = stall_after
        self.repeat_token = repeat_token
        self.inject_keys = list(inject_keys)
        self.falsifies_listings = repeat_token or bool(self.inject_keys)
        self.puts = 0

    def fault(self, method):
        """The fault to inject into this well-signed request: `stall`, `slowdown`, `reset` or None (PUTs only)."""
        if method != "PUT":
            return None
        with self.lock:
            self.puts += 1
            if self.stall_after is not None and self.puts > self.stall_after:
                return "stall"
            if self.slowdown_every and self.puts % self.slowdown_every == 0:
                return "slowdown"
            if self.reset_every and self.puts % self.reset_every == 0:
                return "reset"
        return None

    def record(self, line):
        if self.log_path:
            with self.lock, open(self.log_path, "a", encoding="utf-8") as log:
                log.write(line + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--upstream", required=True, help="HOST:PORT of the S3 server")
    parser.add_argument("--key", action="append", default=[], help="ACCESS_KEY_ID:SECRET")
    parser.add_argument("--log")
    parser.add_argument("--slowdown-every", type=int, default=0, help="answer every Nth PUT 503 SlowDown")
    parser.add_argument("--reset-every", type=int, default=0, help="close the connection on every Nth PUT")
    parser.add_argument("--stall-after", type=int, help="hold every PUT after the first N unanswered")
    parser.add_argument("--repeat-listing-token", action="store_true",
                        help="answer every listing page as truncated, with the continuation token `again`")
    parser.add_argument("--inject-keys", default="[]", help="a JSON list of keys to add to every listing")
    arguments = parser.parse_args()
    host, _, port = arguments.upstream.rpartition(":")
    keys = dict(key.split(":", 1) for key in arguments.key)
    proxy = Proxy(
        arguments.port, (host, int(port)), keys, arguments.log, arguments.slowdown_every, arguments.reset_every,
        arguments.stall_after, arguments.repeat_listing_token, json.loads(arguments.inject_keys))
    print(f"listening on 127.0.0.1:{arguments.port}", flush=True)
    try:
        proxy.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
